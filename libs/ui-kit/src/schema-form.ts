import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormInput, UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export type SchemaFormOptions<Values extends Record<string, unknown>> = Omit<UseFormInput<Values>, 'validate' | 'mode'> & {
  /** The shared zod schema; its messages are i18n keys (`validation:signIn.credentialsRequired`). */
  schema: Parameters<typeof schemaResolver>[0];
};

/**
 * Mantine's uncontrolled form validated by the shared schema, with every error key translated where the
 * input shows it. Errors stay keys in `form.errors`, so server field errors (also keys) go in unchanged.
 */
export const useSchemaForm = <Values extends Record<string, unknown>>({ schema, ...options }: SchemaFormOptions<Values>): UseFormReturnType<Values> => {
  const { t } = useTranslation();
  return useForm<Values>({
    mode: 'uncontrolled',
    validate: schemaResolver(schema, { sync: true }),
    // Spec §5: a field says what is wrong with it when the user leaves it, not only after submit; a disabled
    // submit button is never left without a reason on screen.
    validateInputOnBlur: true,
    enhanceGetInputProps: ({ field, form }) => {
      const error = form.errors[field];
      return error ? { error: t(String(error)) } : {};
    },
    ...options,
  });
};

/**
 * Puts the API's field errors (dotted paths → i18n keys) on the form's fields, renaming the API's paths to
 * the form's where they differ (`mobile_no` → `mobileNumber`). Returns whether any landed on a field.
 */
export const applyServerFieldErrors = (
  form: Pick<UseFormReturnType<Record<string, unknown>>, 'setFieldError'>,
  fields: Readonly<Record<string, string>>,
  rename: Readonly<Record<string, string>> = {},
  known?: readonly string[],
): boolean => {
  let applied = false;
  for (const [path, key] of Object.entries(fields)) {
    const field = rename[path] ?? path;
    if (known && !known.includes(field)) continue;
    form.setFieldError(field, key);
    applied = true;
  }
  return applied;
};
