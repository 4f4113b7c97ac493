import { describe, expect, it } from 'vitest';
import { planFormValues, planRequest } from '../components/plan-form';

const values = (price: string) => ({
  ...planFormValues(null, 'TWD', { tax: 5, tax_label: 'VAT' }),
  name: 'Growth',
  price,
  report: 'Sales',
});

describe('the plan form price', () => {
  it('tells a Taiwan price typed with cents that prices are whole dollars', () => {
    expect(planRequest(values('1290.50'), 'TWD')).toEqual({ ok: false, errors: { price: 'validation:catalog.priceWholeDollars' } });
  });

  it('reads whole Taiwan dollars, and cents in the other currencies', () => {
    expect(planRequest(values('1,290'), 'TWD')).toMatchObject({ ok: true, body: { price: 129000 } });
    expect(planRequest(values('1290.50'), 'MYR')).toMatchObject({ ok: true, body: { price: 129050 } });
    expect(planRequest(values('abc'), 'TWD')).toEqual({ ok: false, errors: { price: 'validation:catalog.priceInvalid' } });
  });
});
