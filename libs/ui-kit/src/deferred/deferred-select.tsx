import { ComboboxChevron, TextInput } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Ref } from 'react';
import { loadAfterPaint } from './load-after-paint';

const useSelect = loadAfterPaint<SelectProps & { ref?: Ref<HTMLInputElement> }>(() => import('./select.part').then((m) => m.Select));

/** An entry of Mantine's `data`, as far as finding a label goes. */
type Entry = string | { value: string; label?: string } | { group: string; items: readonly Entry[] };

/** The label Select shows for `value`: Mantine's data may be strings, items or groups of either. */
export const selectedLabel = (data: readonly Entry[] | undefined, value: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  for (const entry of data ?? []) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if ('group' in entry) {
      const found = selectedLabel(entry.items, value);
      if (found) return found;
    } else if (entry.value === value) return entry.label ?? entry.value;
  }
  return '';
};

/** Keys that open a combobox's list (WAI-ARIA combobox pattern): pressed before the Select is in, replayed to it. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp']);

/**
 * Mantine's Select, whose code (Combobox, Popover, floating-ui) downloads after the page's first paint and is
 * drawn once the field is reached (see `loadAfterPaint`). Until then the field is drawn as the same input, a
 * read-only closed combobox with the chosen option's label and the chevron; a focus on it draws the Select
 * (asking for its code at once if it is not in yet), which takes its place with the focus. An arrow key pressed
 * meanwhile is not lost: the Select receives it once it is in, so its list opens as it would have; after a
 * click the Select arrives with its list open.
 */
export const DeferredSelect = (props: SelectProps) => {
  const [reached, setReached] = useState(false);
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  // A press of the pointer on the stand-in asks for the list: the Select arrives with it open (focus alone opens
  // nothing, see theme.ts). Counted on the press, not the click: the Select may take the field's place in between.
  const [clicked, setClicked] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const Select = useSelect(reached);
  useEffect(() => {
    const field = input.current;
    if (!Select || !pendingKey || !field) return undefined;
    // On the frame after the Select's first commit: its options are in the page by then, so the key opens the
    // list on the first of them as it does for a Select that was there all along.
    const frame = requestAnimationFrame(() => {
      setPendingKey(null);
      field.dispatchEvent(new KeyboardEvent('keydown', { key: pendingKey, code: pendingKey, bubbles: true, cancelable: true }));
    });
    return () => cancelAnimationFrame(frame);
  }, [Select, pendingKey]);
  if (Select) return <Select {...props} ref={input} autoFocus={reached || props.autoFocus} defaultDropdownOpened={(clicked && !props.disabled) || props.defaultDropdownOpened} />;
  const { label, description, error, required, withAsterisk, disabled, placeholder, size, radius, w, style, className, data, value, defaultValue, onBlur, id, name } = props;
  // Its `data-` attributes too: a form finds its fields by `data-path` (Mantine form's getInputProps).
  const dataAttributes = Object.fromEntries(Object.entries(props).filter(([prop]) => prop.startsWith('data-')));
  return (
    <TextInput
      {...dataAttributes}
      {...{ label, description, error, required, withAsterisk, disabled, placeholder, size, radius, w, style, className, id, name, onBlur }}
      value={selectedLabel(data as readonly Entry[] | undefined, value === undefined ? defaultValue : value)}
      readOnly
      // What Mantine's closed Select says of itself: a combobox whose list is closed.
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      onFocus={(event) => {
        setReached(true);
        props.onFocus?.(event);
      }}
      onMouseDown={() => setClicked(true)}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        setReached(true);
        setPendingKey(event.key);
      }}
      rightSection={<ComboboxChevron size={size} error={error} />}
      rightSectionPointerEvents="none"
    />
  );
};
