import type { Country } from '@merchant-hub/domain';
import { countryName, listEntryName } from '@merchant-hub/i18n';
import { useMemo } from 'react';

type StateEntry = { id: number; name: string; translations?: Readonly<Record<string, string | undefined>> | null };
type Option = { value: string; label: string };

/**
 * The country and state lists as Select data, labelled in the page's language, the option values being what
 * the form sends (`'id'` or `'name'`). The arrays stay the same between renders while their lists and the
 * language do: Mantine's Select clears the option the keyboard has highlighted whenever its data changes, so
 * a redraw of the form (a validity answer, a late text namespace) would otherwise make Enter pick nothing.
 */
export const useRegionOptions = (
  countries: readonly Country[] | undefined,
  states: readonly StateEntry[] | undefined,
  valueOf: 'id' | 'name',
  language: string,
): { countryOptions: Option[]; stateOptions: Option[] } => {
  const countryOptions = useMemo(
    () => (countries ?? []).map((c) => ({ value: valueOf === 'id' ? String(c.id) : c.name, label: countryName(c, language) })),
    [countries, valueOf, language],
  );
  const stateOptions = useMemo(
    () => (states ?? []).map((s) => ({ value: valueOf === 'id' ? String(s.id) : s.name, label: listEntryName(s, language) })),
    [states, valueOf, language],
  );
  return { countryOptions, stateOptions };
};
