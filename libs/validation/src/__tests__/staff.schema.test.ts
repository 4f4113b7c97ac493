import { fieldErrors } from '../field-errors';
import { auditQuerySchema, clockAdvanceSchema, creditAdjustmentSchema, merchantDirectoryQuerySchema, reasonSchema } from '../index';

describe('staff schemas', () => {
  it('reads directory filters from a query string, blank filters as absent, with defaults', () => {
    const query = merchantDirectoryQuerySchema.parse({ q: ' sg@', market: 'SG', plan: '', state: 'past_due', limit: '10' });
    expect(query).toEqual({ q: 'sg@', market: 'SG', state: 'past_due', sort: 'name', limit: 10 });
  });

  it.each([
    [{ limit: '0' }, 'limit', 'validation:staff.limitInvalid'],
    [{ limit: '101' }, 'limit', 'validation:staff.limitInvalid'],
    [{ market: 'US' }, 'market', 'validation:staff.marketInvalid'],
    [{ sort: 'email' }, 'sort', 'validation:staff.sortInvalid'],
    [{ state: 'happy' }, 'state', 'validation:staff.stateInvalid'],
  ])('refuses directory query %j', (input, field, key) => {
    const result = merchantDirectoryQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)[field]).toBe(key);
  });

  it.each([
    ['', 'validation:staff.reasonRequired'],
    ['  ab  ', 'validation:staff.reasonRequired'],
    ['x'.repeat(501), 'validation:staff.reasonTooLong'],
  ])('refuses the reason %j', (reason, key) => {
    const result = reasonSchema.safeParse({ reason });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error).reason).toBe(key);
  });

  it('accepts a credit adjustment in whole minor units only', () => {
    const base = { preview_token: 't', direction: 'credit', description: 'Goodwill', reason: 'Outage on 3 May' };
    expect(creditAdjustmentSchema.safeParse({ ...base, amount_minor: 1000 }).success).toBe(true);
    expect(creditAdjustmentSchema.safeParse({ ...base, amount_minor: 10.5 }).success).toBe(false);
    expect(creditAdjustmentSchema.safeParse({ ...base, amount_minor: 0 }).success).toBe(false);
    expect(creditAdjustmentSchema.safeParse({ ...base, amount_minor: 1000, direction: 'refund' }).success).toBe(false);
  });

  it('advances the clock by an amount or to the next renewal, never by nothing', () => {
    expect(clockAdvanceSchema.safeParse({ by: { days: 1 }, reason: 'testing renewals' }).success).toBe(true);
    expect(clockAdvanceSchema.safeParse({ by: { to: 'next_renewal' }, reason: 'testing renewals' }).success).toBe(true);
    expect(clockAdvanceSchema.safeParse({ by: { days: 0 }, reason: 'testing renewals' }).success).toBe(false);
    expect(clockAdvanceSchema.safeParse({ by: { to: 'yesterday' }, reason: 'testing renewals' }).success).toBe(false);
  });

  it('reads audit filters as numbers', () => {
    expect(auditQuerySchema.parse({ staff_id: '3', from: '100', to: '', action: 'credit.adjust' })).toEqual({ staff_id: 3, from: 100, action: 'credit.adjust', limit: 25 });
  });
});
