// Which country's terms a link shows: apart from the terms page, so that sign-in and sign-up can link to the
// right terms without downloading the page.

/** Terms exist per country for my, sg, ph and tw; any other country reads Malaysia's (spec §2). */
export const TERMS_COUNTRIES = ['my', 'sg', 'ph', 'tw'] as const;
export type TermsCountry = (typeof TERMS_COUNTRIES)[number];

export const termsCountryOf = (country: string | null | undefined): TermsCountry => {
  const code = (country ?? '').toLowerCase();
  return (TERMS_COUNTRIES as readonly string[]).includes(code) ? (code as TermsCountry) : 'my';
};
