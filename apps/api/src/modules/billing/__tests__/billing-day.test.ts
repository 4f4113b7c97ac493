import { nextBillingDay } from '../engine/periods';

// Issue 27 capability 3: staff move a plan's billing day; the current period runs on to the first such day after
// its end (never earlier, so no day paid for is lost), at the same time of day.
const at = (iso: string) => Date.parse(iso) / 1000;

describe('nextBillingDay', () => {
  it('is later in the same month when the day is still ahead', () => {
    expect(nextBillingDay(at('2026-03-02T09:00:00Z'), 15)).toBe(at('2026-03-15T09:00:00Z'));
  });

  it('is in the next month when the day has passed, or is today (never the period end itself)', () => {
    expect(nextBillingDay(at('2026-03-20T09:00:00Z'), 5)).toBe(at('2026-04-05T09:00:00Z'));
    expect(nextBillingDay(at('2026-03-05T09:00:00Z'), 5)).toBe(at('2026-04-05T09:00:00Z'));
  });

  it('crosses the year and keeps February’s short month for days up to 28', () => {
    expect(nextBillingDay(at('2026-12-30T23:59:59Z'), 1)).toBe(at('2027-01-01T23:59:59Z'));
    expect(nextBillingDay(at('2027-01-31T00:00:00Z'), 28)).toBe(at('2027-02-28T00:00:00Z'));
  });
});
