import { ComboboxChevron, TextInput } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import { useState } from 'react';
import { loadAfterPaint } from './load-after-paint';

const useSelect = loadAfterPaint<SelectProps>(() => import('./select.part').then((m) => m.Select));

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

/**
 * Mantine's Select, whose code (Combobox, Popover, floating-ui) downloads after the page's first paint. Until
 * then the field is drawn as the same input, read-only, with the chosen option's label and the chevron; a
 * focus on it asks for the code at once and the Select takes its place with the focus.
 */
export const DeferredSelect = (props: SelectProps) => {
  const [reached, setReached] = useState(false);
  const Select = useSelect(reached);
  if (Select) return <Select {...props} autoFocus={reached || props.autoFocus} />;
  const { label, description, error, required, withAsterisk, disabled, placeholder, size, radius, w, style, className, data, value, defaultValue, onBlur, id, name } = props;
  return (
    <TextInput
      {...{ label, description, error, required, withAsterisk, disabled, placeholder, size, radius, w, style, className, id, name, onBlur }}
      value={selectedLabel(data as readonly Entry[] | undefined, value === undefined ? defaultValue : value)}
      readOnly
      onFocus={(event) => {
        setReached(true);
        props.onFocus?.(event);
      }}
      rightSection={<ComboboxChevron size={size} error={error} />}
      rightSectionPointerEvents="none"
    />
  );
};
