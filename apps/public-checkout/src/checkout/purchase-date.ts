/**
 * The purchase date as the product writes every date, day first in digits: 02/03/2026 in every language
 * (issue 31 #5: "27 Nov 2026" put English month names on the Thai page). No date library is loaded for it:
 * the checkout's first download stays as small as it is.
 */
export const formatPurchaseDate = (date: Date): string =>
  `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
