/**
 * Full-page moves out of this app (site root, back office, bank pages): the other destinations are not
 * routes of this router. One object, so component tests can watch where a page sends the buyer.
 */
export const pageLocation = {
  assign: (url: string): void => window.location.assign(url),
  replace: (url: string): void => window.location.replace(url),
};
