import type { BillingPeriod } from '@merchant-hub/domain';

/** The calendar month arithmetic of billing anchors: Jan 31 + 1 month is Feb 28/29, never Mar 3. */
export const addMonthsUtc = (seconds: number, months: number): number => {
  const date = new Date(seconds * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000;
};

export const intervalMonths = (period: BillingPeriod): number => (period === 'yearly' ? 12 : 1);

/** The period end after `after`, counted from the anchor so short months never pull the billing day earlier. */
export const nextPeriodEnd = (anchor: number, period: BillingPeriod, after: number): number => {
  const step = intervalMonths(period);
  let k = 1;
  while (addMonthsUtc(anchor, k * step) <= after) k += 1;
  return addMonthsUtc(anchor, k * step);
};

/** The first moment on `day` (1–28) of a month strictly after `after`, at the same time of day (UTC) as `after`. */
export const nextBillingDay = (after: number, day: number): number => {
  const date = new Date(after * 1000);
  const at = (monthOffset: number) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthOffset, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000;
  return at(0) > after ? at(0) : at(1);
};
