import request from 'supertest';
import { createTestContext, FIXED_NOW, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const NOW = Date.parse(FIXED_NOW) / 1000;
const DAY = 86_400;

type Dir = { id: number; name: string; dir_state: string; dir_failed_at: number | null; dir_ends_at: number | null; dir_next_billing: number; created_at: number };

/**
 * The directory's views read indexes made for them (migration 811): the attention view and its counts, and a
 * state sorted by next billing must answer what the plain conditions say. Merchants are added in every state
 * next to the 7-day edges; their directory columns are set directly (no trigger recomputes them on that write)
 * and the expected answers are computed here from those columns.
 */
describe.each(testDatabases)('staff directory views (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    support = await tokenFor(ctx, 'support@demo.test');
    const country = Number((await ctx.db('countries').where({ iso_code: 'MY' }).first('id')).id);
    const cases: [state: string, failedAt: number | null, endsAt: number | null][] = [
      ['past_due', NOW - 2 * DAY, null],
      ['past_due', null, null],
      ['past_due', NOW - 30 * DAY, null],
      ['grace', null, NOW + 3 * DAY],
      ['grace', NOW - DAY, NOW + 2 * DAY], // both reasons: counted once in the total
      ['grace', NOW - 20 * DAY, NOW + 6 * DAY],
      ['grace', null, NOW + 8 * DAY],
      ['grace', null, NOW - DAY],
      ['active', NOW - 6 * DAY, null],
      ['active', NOW - 8 * DAY, null],
      ['change_scheduled', NOW - 3 * DAY, null],
      ['no_plan', NOW - 7 * DAY, null],
      ['active', null, null],
    ];
    for (const [i, [state, failedAt, endsAt]] of cases.entries()) {
      const at = new Date((NOW - i * DAY) * 1000);
      const [user] = await ctx.db('users').insert({ name: `Case ${i}`, email: `case${i}@views.test`, password_hash: 'x', created_at: at, updated_at: at }).returning('id');
      const userId = Number(typeof user === 'object' ? user.id : user);
      const [merchant] = await ctx.db('merchants').insert({ owner_user_id: userId, name: `View case ${String(i).padStart(2, '0')}`, country_id: country, currency_code: 'MYR', created_at: at, updated_at: at }).returning('id');
      const merchantId = Number(typeof merchant === 'object' ? merchant.id : merchant);
      // Letters at the very end of a search text (its last store's e-mail), where no trigram starts with them.
      const tail = ['tail.qz', 'tail.xj', 'zq.trading.test', 'q.test'][i % 4];
      await ctx.db('stores').insert({ merchant_id: merchantId, name: `Store ${i}`, email: `shop${i}@${tail}`, currency_code: 'MYR', created_at: at, updated_at: at });
      // Set last: the store's trigger recomputes these columns.
      await ctx.db('merchants').where({ id: merchantId }).update({ dir_state: state, dir_failed_at: failedAt, dir_ends_at: endsAt, dir_next_billing: NOW + (i % 4) * DAY });
    }
  });
  afterEach(async () => ctx.close());

  const directory = async (): Promise<Dir[]> =>
    (await ctx.db('merchants').select('id', 'name', 'dir_state', 'dir_failed_at', 'dir_ends_at', 'dir_next_billing', 'created_at')).map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      dir_state: String(row.dir_state),
      dir_failed_at: row.dir_failed_at === null ? null : Number(row.dir_failed_at),
      dir_ends_at: row.dir_ends_at === null ? null : Number(row.dir_ends_at),
      dir_next_billing: Number(row.dir_next_billing),
      created_at: Number(row.created_at),
    }));
  const pastDue = (m: Dir) => m.dir_state === 'past_due';
  const failed = (m: Dir) => m.dir_failed_at !== null && m.dir_failed_at >= NOW - 7 * DAY;
  const graceEnding = (m: Dir) => m.dir_state === 'grace' && m.dir_ends_at !== null && m.dir_ends_at >= NOW && m.dir_ends_at <= NOW + 7 * DAY;
  const byName = (a: Dir, b: Dir) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  const ids = (res: request.Response) => res.body.data.map((row: { merchant_id: number }) => row.merchant_id);

  it('counts what needs attention, each merchant once in the total', async () => {
    const all = await directory();
    const res = await request(ctx.app).get('/api/staff/merchants/attention-counts').set(bearer(support));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      past_due: all.filter(pastDue).length,
      failed_payments_7d: all.filter(failed).length,
      grace_ending_7d: all.filter(graceEnding).length,
      total: all.filter((m) => pastDue(m) || failed(m) || graceEnding(m)).length,
    });
    // The cases above alone: 3 past due, 4 recent failures (one past due, one in grace), 3 grace periods ending.
    expect(res.body.total).toBeGreaterThanOrEqual(8);
  });

  it('lists the attention view in name order, paged, as the conditions say', async () => {
    const expected = (await directory()).filter((m) => pastDue(m) || failed(m) || graceEnding(m)).sort(byName).map((m) => m.id);
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const res = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ view: 'attention', limit: 3, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      cursor = res.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
  });

  it('finds one- and two-letter (and longer) searches wherever the letters are, the same as a scan of every search text', async () => {
    const texts = (await ctx.db('merchants').select('id', 'name', 'search_text')).map((row) => ({ id: Number(row.id), name: String(row.name), text: String(row.search_text ?? '') }));
    for (const q of ['qz', 'xj', 'zq', 'j', 'q', 'o', 'Zq', '%', 'é', 'tail', 'shop', 'case1', '.test']) {
      const expected = texts
        .filter((m) => m.text.includes(q.toLowerCase()))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
        .map((m) => m.id);
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page += 1) {
        const res = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ q, limit: 3, ...(cursor ? { cursor } : {}) });
        expect(res.status).toBe(200);
        seen.push(...ids(res));
        cursor = res.body.next_cursor ?? undefined;
        if (!cursor) break;
      }
      expect([q, seen]).toEqual([q, expected]);
    }
  });

  it('sorts a state by next billing (both ways) and by creation, paged', async () => {
    const all = await directory();
    for (const state of ['grace', 'active', 'past_due']) {
      const inState = all.filter((m) => m.dir_state === state);
      const nextBilling = [...inState].sort((a, b) => a.dir_next_billing - b.dir_next_billing || a.id - b.id).map((m) => m.id);
      const created = [...inState].sort((a, b) => b.created_at - a.created_at || b.id - a.id).map((m) => m.id);
      for (const [sort, expected] of [
        ['next_billing', nextBilling],
        ['-next_billing', [...nextBilling].reverse()],
        ['-created', created],
      ] as const) {
        const seen: number[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 20; page += 1) {
          const res = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ state, sort, limit: 2, ...(cursor ? { cursor } : {}) });
          expect(res.status).toBe(200);
          seen.push(...ids(res));
          cursor = res.body.next_cursor ?? undefined;
          if (!cursor) break;
        }
        expect([state, sort, seen]).toEqual([state, sort, expected]);
      }
    }
  });
});
