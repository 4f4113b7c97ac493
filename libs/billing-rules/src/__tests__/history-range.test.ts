import { clampHistoryRange, historyMinStartDate, historyRangeToUnix, isHistoryStartAllowed } from '../index';

describe('historyMinStartDate', () => {
  it.each([
    ['a UTC timestamp', '2026-03-15T10:20:00Z', '2026-03-15'],
    ['an offset that crosses midnight in UTC', '2026-03-15T01:00:00+08:00', '2026-03-14'],
    ['a timestamp without zone, taken as written', '2026-03-15 23:30:00', '2026-03-15'],
    ['a bare date', '2026-03-15', '2026-03-15'],
  ])('reads %s', (_name, createdAt, expected) => {
    expect(historyMinStartDate(createdAt)).toBe(expected);
  });

  it('has no minimum without a billing account', () => {
    expect(historyMinStartDate(null)).toBeNull();
  });

  it.each(['yesterday', '2026-02-30', 'not-a-dateZ'])('refuses %s', (createdAt) => {
    expect(() => historyMinStartDate(createdAt)).toThrow(RangeError);
  });
});

describe('isHistoryStartAllowed', () => {
  const createdAt = '2026-03-15T10:20:00Z';

  it.each([
    ['the day before creation', '2026-03-14', false],
    ['the creation day', '2026-03-15', true],
    ['a later day', '2026-04-01', true],
  ])('judges %s', (_name, start, expected) => {
    expect(isHistoryStartAllowed(start, createdAt)).toBe(expected);
  });

  it('allows any start without a billing account', () => {
    expect(isHistoryStartAllowed('2000-01-01', null)).toBe(true);
  });

  it('refuses a malformed start', () => {
    expect(() => isHistoryStartAllowed('15/03/2026', createdAt)).toThrow(RangeError);
  });
});

describe('clampHistoryRange', () => {
  const createdAt = '2026-03-15T10:20:00Z';

  it('leaves an allowed range alone', () => {
    const range = { startDate: '2026-04-01', endDate: '2026-04-30' };
    expect(clampHistoryRange(range, createdAt)).toEqual(range);
  });

  it('moves an early start up to the creation day', () => {
    expect(clampHistoryRange({ startDate: '2026-01-01', endDate: '2026-04-30' }, createdAt)).toEqual({
      startDate: '2026-03-15',
      endDate: '2026-04-30',
    });
  });

  it('moves an end that falls before the clamped start up to it', () => {
    expect(clampHistoryRange({ startDate: '2026-01-01', endDate: '2026-02-01' }, createdAt)).toEqual({
      startDate: '2026-03-15',
      endDate: '2026-03-15',
    });
  });

  it('only orders the range without a billing account', () => {
    expect(clampHistoryRange({ startDate: '2026-05-02', endDate: '2026-05-01' }, null)).toEqual({
      startDate: '2026-05-02',
      endDate: '2026-05-02',
    });
  });

  it('refuses a malformed end', () => {
    expect(() => clampHistoryRange({ startDate: '2026-04-01', endDate: '2026-13-01' }, createdAt)).toThrow(RangeError);
  });
});

describe('historyRangeToUnix', () => {
  it('sends the start of the first day and the end of the last day in UTC', () => {
    // 2026-03-01T00:00:00Z is 1772323200; 2026-03-31T23:59:59Z is 1772323200 + 31 * 86400 - 1.
    expect(historyRangeToUnix('2026-03-01', '2026-03-31')).toEqual({ date_start: 1772323200, date_end: 1775001599 });
  });

  it('covers one whole day when start and end match', () => {
    expect(historyRangeToUnix('1970-01-01', '1970-01-01')).toEqual({ date_start: 0, date_end: 86399 });
  });

  it('handles a leap day', () => {
    expect(historyRangeToUnix('2028-02-29', '2028-02-29').date_start).toBe(1835395200);
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => historyRangeToUnix('2026-03-02', '2026-03-01')).toThrow(RangeError);
  });

  it('refuses an impossible day', () => {
    expect(() => historyRangeToUnix('2026-02-29', '2026-03-01')).toThrow('No such day');
  });
});
