import { NativeSelect } from '@mantine/core';
import type { Locale } from '@merchant-hub/domain';
import { LOCALES, isLocale } from '@merchant-hub/domain';
import { LANGUAGE_NAMES } from '@merchant-hub/i18n';

// Each language is named in itself, so a reader finds theirs whatever the current language is.
const options = LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }));

export type LanguagePickerProps = {
  value: Locale;
  onChange: (locale: Locale) => void;
  /** Accessible name of the field (translated by the caller). */
  label: string;
  /** Hide the visible label and keep it for screen readers only, e.g. in a top bar. */
  hideLabel?: boolean;
};

/**
 * The browser's own `<select>` in Mantine's input frame: keyboard and screen-reader behaviour for free, and
 * no popover or positioning code on the sign-in and checkout pages, which load it first.
 */
export const LanguagePicker = ({ value, onChange, label, hideLabel = false }: LanguagePickerProps) => (
  <NativeSelect
    label={hideLabel ? undefined : label}
    aria-label={label}
    data={options}
    value={value}
    onChange={(event) => {
      const next = event.currentTarget.value;
      if (isLocale(next) && next !== value) onChange(next);
    }}
    w={{ base: 140, sm: 180 }}
    // Its width is fixed above, so the browser need not measure every option to size the closed box: measuring
    // would shape the Chinese and Thai names at the first layout and load their fallback fonts before the first
    // paint (about a tenth of the sign-in page's time to paint at 4× CPU throttling). The open list still shows them.
    styles={{ input: { contain: 'size' } }}
  />
);
