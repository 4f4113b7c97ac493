import { catalogPriceError, planCreateSchema, promotionCreateSchema } from '../index';
import { errorsOf } from './helpers';

const plan = {
  name: 'Growth',
  price: 129000,
  discount: 0,
  tax: 5,
  tax_label: 'VAT',
  image: null,
  sort_order: 1,
  hide: false,
  call_for_quote: false,
  limits: { order: '*', item: '*', channel: 3, staff: 5, warehouse: 1, competitor_products: 0 },
  descriptions: { basic: ['Basic'], features: [], report: ['Sales'] },
  market: 'TW',
  billing_period: 'monthly',
  group_key: 'growth',
};

describe('catalog prices a market can charge', () => {
  it('refuses a TW plan priced in cents of a dollar, with its own message', () => {
    expect(errorsOf(planCreateSchema, { ...plan, price: 129050 })).toEqual({ price: 'validation:catalog.priceWholeDollars' });
    expect(errorsOf(planCreateSchema, { ...plan, price: 99 })).toEqual({ price: 'validation:catalog.priceWholeDollars' });
  });

  it('takes whole TW dollars, and cents in the other markets', () => {
    expect(errorsOf(planCreateSchema, plan)).toEqual({});
    expect(errorsOf(planCreateSchema, { ...plan, market: 'MY', price: 129050 })).toEqual({});
  });

  it.each([
    ['TW', 129050, 'validation:catalog.priceWholeDollars'],
    ['TW', 1, 'validation:catalog.priceWholeDollars'],
    ['TW', 129000, null],
    ['TW', 0, null],
    ['MY', 129050, null],
    ['SG', 1, null],
  ] as const)('answers %s %i with %s', (market, price, error) => {
    expect(catalogPriceError(market, price)).toBe(error);
  });

  it('still refuses a TWD amount-off code in cents of a dollar', () => {
    const code = { code: 'LAUNCH', kind: 'amount', amount_off: 550, currency: 'TWD', duration: 'once' };
    expect(errorsOf(promotionCreateSchema, code)).toEqual({ amount_off: 'validation:catalog.amountOffInvalid' });
    expect(errorsOf(promotionCreateSchema, { ...code, amount_off: 500 })).toEqual({});
  });
});
