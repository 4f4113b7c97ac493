import type { IsoDateTime, UnixSeconds } from '@merchant-hub/domain';

/** A calendar day, 'YYYY-MM-DD'. */
export type CalendarDate = string;

export type HistoryRange = { startDate: CalendarDate; endDate: CalendarDate };

/** The billing-history request's range fields (spec §7). */
export type HistoryRangeUnix = { date_start: UnixSeconds; date_end: UnixSeconds };

const SECONDS_PER_DAY = 86_400;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** UTC midnight of a calendar day in seconds; rejects impossible days such as 2026-02-30. */
const utcMidnight = (date: CalendarDate): UnixSeconds => {
  const match = CALENDAR_DATE.exec(date);
  if (match === null) throw new RangeError(`Expected a date as YYYY-MM-DD, got '${date}'`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new RangeError(`No such day: '${date}'`);
  }
  return ms / 1000;
};

/**
 * The first day the history may start: the UTC day of the billing account's creation, matching the UTC day
 * boundaries sent to the API. A timestamp without a zone is taken as written. Null without a billing account.
 */
export const historyMinStartDate = (accountCreatedAt: IsoDateTime | null): CalendarDate | null => {
  if (accountCreatedAt === null) return null;
  const text = accountCreatedAt.trim();
  if (HAS_ZONE.test(text) && text.length > 10) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw new RangeError(`Unreadable creation date: '${accountCreatedAt}'`);
    return new Date(ms).toISOString().slice(0, 10);
  }
  if (!DATE_PREFIX.test(text)) throw new RangeError(`Unreadable creation date: '${accountCreatedAt}'`);
  const day = text.slice(0, 10);
  utcMidnight(day);
  return day;
};

/** Spec §5: the range cannot begin before the billing account's creation date. */
export const isHistoryStartAllowed = (startDate: CalendarDate, accountCreatedAt: IsoDateTime | null): boolean => {
  utcMidnight(startDate);
  const min = historyMinStartDate(accountCreatedAt);
  return min === null || startDate >= min;
};

/**
 * Moves a start before the creation date up to it, and an end that then precedes the start up to the
 * start, so the request always covers at least one allowed day.
 */
export const clampHistoryRange = (range: HistoryRange, accountCreatedAt: IsoDateTime | null): HistoryRange => {
  utcMidnight(range.startDate);
  utcMidnight(range.endDate);
  const min = historyMinStartDate(accountCreatedAt);
  const startDate = min !== null && range.startDate < min ? min : range.startDate;
  const endDate = range.endDate < startDate ? startDate : range.endDate;
  return { startDate, endDate };
};

/** Start of the first day and the last second of the last day, UTC (spec §7). */
export const historyRangeToUnix = (startDate: CalendarDate, endDate: CalendarDate): HistoryRangeUnix => {
  const date_start = utcMidnight(startDate);
  const date_end = utcMidnight(endDate) + SECONDS_PER_DAY - 1;
  if (date_end < date_start) throw new RangeError(`The range ends (${endDate}) before it starts (${startDate})`);
  return { date_start, date_end };
};
