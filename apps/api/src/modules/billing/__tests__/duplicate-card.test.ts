import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, newCard, tokenFor } from '../../../test-support/billing-helpers';

// Issue 31 #7: the same card cannot be added twice to the list of saved cards.

describe.each(testDatabases)('adding a card that is already saved (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = await tokenFor(ctx, 'merchant-my@demo.test');
  });
  afterEach(async () => ctx.close());

  // Made as the browser makes it, on either gateway (the sandbox's stand-in or the fake Stripe API).
  const cardFor = (number: string, month: number, year: number): Promise<string> => newCard(ctx, number, { month, year });
  const addCard = (paymentMethod: string) => request(ctx.app).post('/api/users/billing/add-card').set(bearer(token)).send({ payment_method: paymentMethod });
  const savedCards = async () => (await request(ctx.app).get('/api/users/billing/all').set(bearer(token))).body.paymentMethod.data as { last4: string; exp_month: number; exp_year: number }[];

  it('refuses the same card (brand, number ending and expiry) a second time, keeping one in the list', async () => {
    const first = await addCard(await cardFor('5555555555554444', 8, 2031));
    expect(first.status).toBe(200);
    const before = await savedCards();
    const again = await addCard(await cardFor('5555555555554444', 8, 2031));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'card_already_saved', key: 'errors:billing.cardAlreadySaved' });
    expect(await savedCards()).toEqual(before);
    expect(before.filter((card) => card.last4 === '4444' && card.exp_month === 8 && card.exp_year === 2031)).toHaveLength(1);
  });

  it('takes the renewed card (same number, new expiry)', async () => {
    expect((await addCard(await cardFor('5555555555554444', 8, 2031))).status).toBe(200);
    expect((await addCard(await cardFor('5555555555554444', 9, 2034))).status).toBe(200);
    expect((await savedCards()).filter((card) => card.last4 === '4444' && card.exp_year >= 2031)).toHaveLength(2);
  });
});
