import { ActionIcon, Badge, Box, Group, Loader, Paper, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { isApiError, useStaffSearch } from '@merchant-hub/api-client';
import type { CurrencyCode } from '@merchant-hub/domain';
import { formatMoney } from '@merchant-hub/money';
import { STAFF_SEARCH_KINDS, STAFF_SEARCH_MAX_LENGTH, type StaffSearchResult } from '@merchant-hub/validation';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** How long typing pauses before the search asks the API. */
export const SEARCH_DEBOUNCE_MS = 200;

/** Where a result leads: the merchant's billing screens (invoices, PDFs) for an invoice or a payment of one, else the merchant. */
export const resultPath = (result: StaffSearchResult): string => (result.invoice_id ? `/merchants/${result.user_id}/billing` : `/merchants/${result.user_id}`);

/** Whether `/` typed here is text, not the shortcut. */
const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');

/** Below the console's `sm` breakpoint (48em) the header has no room for a field: a button opens one over it. */
const COMPACT_QUERY = '(max-width: 47.99em)';

const SearchIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

const amountOf = (result: StaffSearchResult): string | null => {
  if (result.amount_minor === null || !result.currency) return null;
  try {
    return formatMoney(result.amount_minor, result.currency as CurrencyCode);
  } catch {
    return null;
  }
};

/**
 * The console's global search (issue 27), in the header of every page: an ARIA combobox whose listbox groups the
 * results by kind. `/` focuses it from anywhere but a text field; ArrowUp/ArrowDown move through the results,
 * Enter opens one, Escape closes the list (a second Escape clears the text). Below 48em a button stands in for the
 * field, which opens over the header.
 */
export const GlobalSearch = () => {
  const { t, i18n } = useTranslation(['staff', 'validation']);
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const compact = useMediaQuery(COMPACT_QUERY) === true;
  // On a narrow screen the field opens over the header (from the button or `/`) and closes when it loses the focus.
  const [expanded, setExpanded] = useState(false);
  const overlay = compact && expanded;
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useStaffSearch(debounced, { meta: { handlesError: true }, retry: false });
  const results = useMemo(() => (debounced && search.data ? search.data.results : []), [debounced, search.data]);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return;
      event.preventDefault();
      setExpanded(true);
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (overlay) inputRef.current?.focus();
  }, [overlay]);

  // New results: nothing chosen yet until the arrows choose.
  useEffect(() => setActive(-1), [results]);

  const choose = (result: StaffSearchResult) => {
    setOpen(false);
    setText('');
    setExpanded(false);
    inputRef.current?.blur();
    void navigate(resultPath(result));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : results.length - 1) : (current + step + results.length) % results.length));
    } else if (event.key === 'Enter') {
      const target = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (open && target) {
        event.preventDefault();
        choose(target);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && text) setOpen(false);
      else if (text) setText('');
      else setExpanded(false);
    }
  };

  const showList = open && debounced !== '';
  const failure = search.isError ? search.error : null;
  const fieldKey = failure && isApiError(failure) ? failure.details.q : undefined;
  const groups = STAFF_SEARCH_KINDS.map((kind) => ({ kind, items: results.map((result, index) => ({ result, index })).filter(({ result }) => result.kind === kind) })).filter((group) => group.items.length > 0);
  const status = !debounced
    ? ''
    : search.isFetching && results.length === 0
      ? t('staff:globalSearch.searching')
      : failure
        ? ''
        : results.length === 0
          ? t('staff:globalSearch.empty', { q: debounced })
          : t('staff:globalSearch.count', { count: results.length });

  if (compact && !expanded) {
    return (
      <ActionIcon variant="default" size="lg" aria-label={t('staff:globalSearch.label')} onClick={() => setExpanded(true)} data-testid="global-search-open">
        <SearchIcon />
      </ActionIcon>
    );
  }

  return (
    <Box
      pos={overlay ? 'fixed' : 'relative'}
      style={
        overlay
          ? { top: 0, left: 0, right: 0, height: 60, padding: '12px', background: 'var(--mantine-color-body)', zIndex: 301, borderBottom: '1px solid var(--mantine-color-default-border)' }
          : { flex: '1 1 auto', minWidth: 0, maxWidth: 520 }
      }
      data-testid="global-search"
    >
      <TextInput
        ref={inputRef}
        value={text}
        maxLength={STAFF_SEARCH_MAX_LENGTH}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setExpanded(false);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('staff:globalSearch.placeholder')}
        aria-label={t('staff:globalSearch.label')}
        aria-describedby={`${id}-hint`}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        type="search"
        size="sm"
        rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : <Text component="kbd" size="xs" c="dimmed" aria-hidden visibleFrom="sm">/</Text>}
      />
      <VisuallyHidden id={`${id}-hint`}>{t('staff:globalSearch.hint')}</VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite">
        {showList ? status : ''}
      </VisuallyHidden>
      <Paper
        id={listId}
        role="listbox"
        aria-label={t('staff:globalSearch.results')}
        shadow="md"
        withBorder
        hidden={!showList}
        // Keeps the focus in the input while a result is clicked.
        onMouseDown={(event) => event.preventDefault()}
        style={{ display: showList ? undefined : 'none', position: 'absolute', top: overlay ? 'calc(100% - 8px)' : 'calc(100% + 4px)', left: overlay ? 12 : 0, right: overlay ? 12 : 0, zIndex: 300, maxHeight: '70vh', overflowY: 'auto', minWidth: overlay ? undefined : 340 }}
      >
        {failure ? (
          <Text p="sm" size="sm" c="red" role="alert">
            {fieldKey ? t(fieldKey) : t('staff:globalSearch.failed')}
          </Text>
        ) : groups.length === 0 ? (
          <Text p="sm" size="sm" c="dimmed">
            {status}
          </Text>
        ) : (
          groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
              <Text id={`${id}-${group.kind}`} role="presentation" px="sm" pt="xs" pb={2} size="xs" fw={700} c="dimmed" tt="uppercase">
                {t(`staff:globalSearch.kind.${group.kind}`)}
              </Text>
              {group.items.map(({ result, index }) => {
                const amount = amountOf(result);
                return (
                  <Box
                    key={`${result.kind}-${result.match}-${result.user_id}-${index}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    onClick={() => choose(result)}
                    onMouseEnter={() => setActive(index)}
                    px="sm"
                    py={6}
                    style={{ cursor: 'pointer', background: index === active ? 'var(--mantine-color-blue-light)' : undefined, outline: index === active ? '2px solid var(--mantine-color-blue-filled)' : undefined, outlineOffset: -2 }}
                  >
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Text size="sm" fw={600} truncate>
                        {result.match}
                      </Text>
                      {amount ? (
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {amount}
                        </Text>
                      ) : null}
                    </Group>
                    <Group gap="xs" wrap="nowrap">
                      {/* Dimmed text on the chosen row's tint falls below 4.5:1: that row keeps the body colour. */}
                      <Text size="xs" c={index === active ? undefined : 'dimmed'} truncate>
                        {result.merchant_name}
                        {result.invoice_id ? ` · ${t('staff:globalSearch.opensInvoices')}` : ''}
                      </Text>
                      {result.status && i18n.exists(`staff:globalSearch.status.${result.status}`) ? (
                        <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                          {t(`staff:globalSearch.status.${result.status}`)}
                        </Badge>
                      ) : null}
                    </Group>
                  </Box>
                );
              })}
            </div>
          ))
        )}
      </Paper>
    </Box>
  );
};
