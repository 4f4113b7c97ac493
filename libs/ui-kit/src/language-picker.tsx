import { Select } from '@mantine/core';
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

export const LanguagePicker = ({ value, onChange, label, hideLabel = false }: LanguagePickerProps) => {
  const handleChange = (next: string | null) => {
    if (isLocale(next) && next !== value) onChange(next);
  };
  return (
    <Select
      label={hideLabel ? undefined : label}
      aria-label={label}
      data={options}
      value={value}
      onChange={handleChange}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      w={{ base: 140, sm: 180 }}
    />
  );
};
