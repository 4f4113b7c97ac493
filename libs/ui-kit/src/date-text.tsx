import { Text } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import type { IsoDateTime, UnixSeconds } from '@merchant-hub/domain';
import dayjs from 'dayjs';

/** The product writes every date day first (spec §9). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/** A date from the API: an ISO string, unix seconds (as Stripe-shaped fields carry them) or a `Date`. */
export type DateValue = IsoDateTime | UnixSeconds | Date;

/** `DD/MM/YYYY` in the browser's time zone, or `null` when the value is not a date. */
export const formatDate = (value: DateValue): string | null => {
  const date = typeof value === 'number' ? dayjs.unix(value) : dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : null;
};

export type DateTextProps = TextProps & {
  value: DateValue | null | undefined;
  /** Shown when there is no date or it cannot be read. */
  fallback?: string;
};

export const DateText = ({ value, fallback = '—', ...textProps }: DateTextProps) => {
  const formatted = value === null || value === undefined ? null : formatDate(value);
  const iso = formatted === null || value === null || value === undefined ? undefined : toIso(value);
  return (
    <Text component="time" inherit dateTime={iso} {...textProps}>
      {formatted ?? fallback}
    </Text>
  );
};

const toIso = (value: DateValue): string =>
  (typeof value === 'number' ? dayjs.unix(value) : dayjs(value)).format('YYYY-MM-DD');
