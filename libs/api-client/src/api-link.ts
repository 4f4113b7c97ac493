/**
 * A link into the API that the browser follows (an invoice's page or PDF), as a path on the origin the page is
 * on. The API answers such links as paths (issue 31 #2); an absolute one (an older answer cached in a page, a
 * link Stripe spells on its own host name for ours) would be another origin — without this browser's session —
 * whenever the product is opened through any other host name.
 */
export const apiLink = (url: string): string => {
  const parsed = URL.parse(url, 'http://relative.invalid');
  if (!parsed || !parsed.pathname.startsWith('/api/')) return url;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};
