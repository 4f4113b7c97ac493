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

describe('the plan form texts in other languages (issue 31 #5)', () => {
  it('sends the lists of each language typed, one line each, and leaves out a language left empty', () => {
    const typed = values('1,290');
    typed.features = 'Live chat support';
    typed.translations.zhtw = { basic: '', features: '線上客服\n  \n會員管理', report: '' };
    const request = planRequest(typed, 'TWD');
    expect(request).toMatchObject({ ok: true });
    expect(request.ok && request.body.descriptions.translations).toEqual({ zhtw: { basic: [], features: ['線上客服', '會員管理'], report: [] } });
  });

  it('reads a saved translation back into its language, and names its line that is too long by its path', () => {
    const plan = { limits: {}, descriptions: { basic: [], features: ['Chat'], report: ['Sales'], translations: { th: { basic: [], features: ['แชท'], report: [] } } } };
    const form = planFormValues(plan as never, 'THB', { tax: 7, tax_label: 'VAT' });
    expect(form.translations.th.features).toBe('แชท');
    expect(form.translations.zh.features).toBe('');
    const tooLong = { ...values('100'), translations: { ...form.translations, th: { basic: '', features: 'ก'.repeat(121), report: '' } } };
    expect(planRequest(tooLong, 'THB')).toEqual({ ok: false, errors: { 'translations.th.features': 'validation:catalog.lineTooLong' } });
  });
});

