import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's password input with its show/hide button named in the interface language and reachable by Tab
 * (the theme makes it focusable). Mantine leaves the inner field without `aria-invalid` and without a link to its
 * error (its wrapper is a `div`): both are set here, so an invalid password reads as one, as every other field does.
 */
export const PasswordField = ({ id, error, description, ...props }: PasswordInputProps) => {
  const { t } = useTranslation('auth');
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : null, description ? `${fieldId}-description` : null].filter(Boolean).join(' ') || undefined;
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
      id={fieldId}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...props}
    />
  );
};
