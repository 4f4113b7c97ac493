import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormInput, UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** A shared zod schema of `@merchant-hub/validation`; its messages are i18n keys. */
export type FormSchema = Parameters<typeof schemaResolver>[0];
/** The schema imported on demand (`() => import('@merchant-hub/validation').then((m) => m.signInFormSchema)`). */
export type LazyFormSchema = () => Promise<FormSchema>;
type Resolver = ReturnType<typeof schemaResolver>;

export type SchemaFormOptions<Values extends Record<string, unknown>> = Omit<UseFormInput<Values>, 'validate' | 'mode'> & {
  /**
   * The shared zod schema (its messages are i18n keys: `validation:signIn.credentialsRequired`), or a loader
   * of it: a page's first render then needs no zod; the schema is fetched when a field first gets focus and
   * any validation before it arrives waits for it.
   */
  schema: FormSchema | LazyFormSchema;
};

// One download per loader, kept for the page's lifetime: a form mounted again validates synchronously.
const loaded = new WeakMap<LazyFormSchema, Resolver>();
const loading = new WeakMap<LazyFormSchema, Promise<Resolver>>();
const loadResolver = (load: LazyFormSchema): Promise<Resolver> => {
  let pending = loading.get(load);
  if (!pending) {
    pending = load().then((schema) => {
      const resolver = schemaResolver(schema, { sync: true });
      loaded.set(load, resolver);
      return resolver;
    });
    // A failed download (offline, stale deploy) may be retried by the next focus or submit.
    pending.catch(() => loading.delete(load));
    loading.set(load, pending);
  }
  return pending;
};

const validatorOf = (schema: FormSchema | LazyFormSchema): Resolver => {
  if (typeof schema !== 'function') return schemaResolver(schema, { sync: true });
  // Synchronous once the schema is in, a promise before: Mantine's form accepts both at run time (its type
  // names either one or the other).
  const validate = (values: Parameters<Resolver>[0]) => {
    const resolver = loaded.get(schema);
    return resolver ? resolver(values) : loadResolver(schema).then((ready) => ready(values));
  };
  return validate as Resolver;
};

/**
 * Mantine's uncontrolled form validated by the shared schema, with every error key translated where the
 * input shows it. Errors stay keys in `form.errors`, so server field errors (also keys) go in unchanged.
 */
export const useSchemaForm = <Values extends Record<string, unknown>>({ schema, ...options }: SchemaFormOptions<Values>): UseFormReturnType<Values> => {
  const { t } = useTranslation();
  return useForm<Values>({
    mode: 'uncontrolled',
    validate: validatorOf(schema),
    // Spec §5: a field says what is wrong with it when the user leaves it, not only after submit; a disabled
    // submit button is never left without a reason on screen.
    validateInputOnBlur: true,
    enhanceGetInputProps: ({ inputProps, field, form }) => {
      const error = form.errors[field];
      const translated = error ? { error: t(String(error)) } : {};
      const blur = leaveForSubmitUnchecked(inputProps.onBlur);
      if (typeof schema !== 'function' || !inputProps.onFocus) return { ...translated, ...blur };
      const { onFocus } = inputProps;
      return {
        ...translated,
        ...blur,
        onFocus: () => {
          onFocus();
          void loadResolver(schema).catch(() => undefined);
        },
      };
    },
    ...options,
  });
};

/**
 * A field left for its form's submit button is not checked on the way out: the submit checks every field a
 * moment later. Checked there, its message appeared under it between the button's press and release, moved
 * the button down and the click was lost, so an empty form marked only its first field (issue 31 #7).
 */
const leaveForSubmitUnchecked = (onBlur: ((event?: unknown) => void) | undefined): { onBlur?: (event?: unknown) => void } => {
  if (!onBlur) return {};
  return {
    onBlur: (event?: unknown) => {
      const { target, relatedTarget } = (event ?? {}) as { target?: unknown; relatedTarget?: unknown };
      const leavingFor = relatedTarget instanceof HTMLButtonElement ? relatedTarget : null;
      if (leavingFor && leavingFor.type === 'submit' && leavingFor.form !== null && target instanceof HTMLElement && target.closest('form') === leavingFor.form) return;
      onBlur(event);
    },
  };
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
