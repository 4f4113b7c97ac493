import type { Server } from 'node:http';
import { resources, SUPPORTED_LOCALES } from '@merchant-hub/i18n';
import fc from 'fast-check';
import request from 'supertest';
import { CSRF, createTestContext, signIn, testDatabases, type TestContext } from '../test-support/test-app';

/**
 * Issue 14 "Done when": every operation of the generated OpenAPI document receives the hostile classes of
 * input an outside prober sends (wrong types, missing and extra fields, 100 kB strings, 5,000-deep nesting,
 * `__proto__` keys, NUL bytes, huge and negative numbers, wrong content types, a 3 MB body, malformed
 * percent-escapes, bad gzip, lone surrogates), signed in as a merchant, as support staff, as a superadmin and
 * signed out (issue 26: a NUL in the staff directory's search answered 500 because no staff session ever
 * reached the staff operations' query strings). No answer may be a 5xx; every 4xx carries the standard error
 * body whose keys the clients can translate; a refused call changes nothing. Deterministic: the workspace's
 * fixed fast-check seed (FC_SEED, docs/testing.md), printed; no clock, no network.
 */

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; items?: JsonSchema };
type Operation = { method: 'get' | 'post' | 'put' | 'patch' | 'delete'; path: string; body?: JsonSchema; query: string[]; textReply: boolean };
type Probe = { name: string; method: Operation['method']; url: string; contentType?: string; encoding?: string; body?: string };

/** The workspace's property-test seed (tools/test/fast-check-setup.ts), so FC_SEED explores other samples too. */
const SEED = fc.readConfigureGlobal().seed ?? 0;
/** The text behind `ns:a.b.c` in one language's own bundle (no fallback to English), plural forms included. */
const textIn = (lng: (typeof SUPPORTED_LOCALES)[number], key: string): boolean => {
  const [ns, path] = key.split(':', 2);
  const parts = path.split('.');
  const last = parts.pop() as string;
  let node: unknown = (resources[lng] as unknown as Record<string, unknown>)[ns];
  for (const part of parts) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  const leaf = typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : {};
  return typeof leaf[last] === 'string' || typeof leaf[`${last}_other`] === 'string';
};
const untranslated = new Set<string>();
/** A fully qualified key with a real text in every one of the five languages (en, ms, zh, zhtw, th). */
const translatable = (key: unknown): boolean => {
  if (typeof key !== 'string' || !/^\w+:[\w.]+$/.test(key)) return false;
  const missing = SUPPORTED_LOCALES.filter((lng) => !textIn(lng, key));
  if (missing.length > 0) untranslated.add(`${key} (missing in ${missing.join(', ')})`);
  return missing.length === 0;
};

/** Calls that answer in their partner's own format, not JSON: ECPay reads `1|OK` text, the sandbox pages are HTML. */
const TEXT_REPLIES = [/^\/api\/ecpay\/(invoice-|period-)?notify$/, /^\/api\/sandbox\//, /^\/api\/docs$/];
/** A signed-out call would end the merchant's session for the rest of the run. */
const ENDS_SESSION = /logout/;

const operationsOf = (doc: { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; parameters?: { name: string; in: string }[] }>> }): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method as Operation['method'],
      path,
      body: op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      textReply: TEXT_REPLIES.some((pattern) => pattern.test(path)),
    })),
  );

const typeOf = (schema: JsonSchema | undefined): string => {
  const type = schema?.type ?? schema?.anyOf?.find((s) => s.type && s.type !== 'null')?.type;
  return Array.isArray(type) ? (type.find((t) => t !== 'null') ?? 'string') : (type ?? 'string');
};

/** A value of the wrong JSON type for the field. */
const wrongType = (schema: JsonSchema | undefined): unknown => {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'twelve';
    case 'boolean':
      return 'yes';
    case 'array':
      return { length: 1 };
    default:
      return ['not', 'an', 'object'];
  }
};

const eachField = (fields: string[], value: (field: string, index: number) => unknown): Record<string, unknown> =>
  Object.fromEntries(fields.map((field, index) => [field, value(field, index)]));

const HUGE_NUMBERS = [-1, 1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 0.5, -0];
const HOSTILE_TEXT = ['0x10', '1e3', ' 2', '-1', '9007199254740993', '', '<script>alert(1)</script>', 'javascript:alert(1)', 'a\u0000b'];
const DEEP = 5000;

const bodiesFor = (op: Operation): Array<[string, string]> => {
  const props = op.body?.properties ?? {};
  const fields = Object.keys(props).length > 0 ? Object.keys(props) : ['id', 'email', 'name'];
  const json = (value: unknown) => JSON.stringify(value);
  const random = fc.sample(fc.dictionary(fc.constantFrom(...fields, '__proto__', 'constructor'), fc.anything({ maxDepth: 3 })), { seed: SEED + fields.length, numRuns: 2 });
  return [
    ['missing fields', '{}'],
    ['wrong types', json(eachField(fields, (field) => wrongType(props[field])))],
    ['extra fields', json({ ...eachField(fields, () => 'x'), is_staff: true, role: 'superadmin', merchant_id: 1, amount: -100 })],
    ['100 kB strings', json(eachField(fields, () => 'x'.repeat(100_000)))],
    ['NUL bytes', json(eachField(fields, () => 'a\u0000b\u0000'))],
    ['huge and negative numbers', json(eachField(fields, (_field, index) => HUGE_NUMBERS[index % HUGE_NUMBERS.length]))],
    ['number-like text', json(eachField(fields, (_field, index) => HOSTILE_TEXT[index % HOSTILE_TEXT.length]))],
    // JSON.stringify writes a lone surrogate as the escape `\ud800`, exactly what a prober sends.
    ['lone surrogates', json(eachField(fields, () => '\ud800x\udc00'))],
    ['__proto__ keys', `{"__proto__":{"isStaff":true,"merchantId":1},"constructor":{"prototype":{"polluted":true}},${fields.map((f) => `"${f}":"x"`).join(',')}}`],
    ['5,000-deep object', `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`],
    ['5,000-deep array', `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`],
    ['a JSON string', '"just a string"'],
    ['JSON null', 'null'],
    ['truncated JSON', '{"email": "a@b.test", '],
    ...random.map((value, index): [string, string] => [`random ${index}`, json(value) ?? 'null']),
  ];
};

const queriesFor = (op: Operation): string[] => {
  // A call that reads no query gets the parser-level cases only.
  if (op.query.length === 0) return ['id=%', 'id[a][b]=1&id=2', '__proto__[polluted]=1', 'q=a%00b&search=ab%00cd'];
  const names = op.query;
  const all = (value: string) => names.map((name) => `${name}=${value}`).join('&');
  return [
    ...['0x10', '1e3', '%202', '-1', '9007199254740993', '99999999999999999999999', '', '%00', '%ED%A0%80', '%', '%E0%A4%A', 'x'.repeat(4000), ...HOSTILE_QUERY_TEXT].map(all),
    // One hostile value at a time, the other parameters absent: a filter that only runs alone is reached too.
    ...names.flatMap((name) => HOSTILE_QUERY_TEXT.slice(0, 3).map((value) => `${name}=${value}`)),
    names.map((name) => `${name}=1&${name}=2`).join('&'),
    names.map((name) => `${name}[a][b]=1`).join('&'),
    '__proto__[polluted]=1&constructor[prototype][x]=1',
  ];
};

/**
 * Query values aimed at what a text reaches: NUL inside a word (an FTS5 query ends at it; PostgreSQL text
 * cannot hold it), FTS5 query syntax (quotes, `*`, `NEAR(`, `OR`), LIKE's own `%`, `_` and escape `\\`, the
 * search index's separator U+001F, a right-to-left override and a noncharacter.
 */
const HOSTILE_QUERY_TEXT = ['a%00b', 'ab%00cd%00ef', '%00%00%00', '%22', 'a%22b%22c', '*', 'abc*', 'a%20OR%20b', 'NEAR(ab%20cd)', '%5C', 'a%25b_c%5C', '%1F%1F', 'ab%1F', '%E2%80%AEabc', '%EF%BF%BF', '%09%0A%0D'];

const PATH_VALUES = ['1', '%', '%E0%A4%A', '0x10', '9'.repeat(30), '%00', 'a%00b', '..%2F..%2Fetc%2Fpasswd', '%ED%A0%80', 'x'.repeat(2000)];

/** Cases the body parsers refuse before any authentication runs: sent in one of the two passes only. */
const PARSER_LEVEL = new Set(['text/plain', 'xml', 'multipart without boundary', 'form with bad escapes', 'charset nobody knows', 'bad gzip', 'bad brotli', 'unknown encoding', '3 MB body', '5,000-deep array', 'truncated JSON']);

const probesFor = (op: Operation): Probe[] => {
  const hasParams = /\{\w+\}/.test(op.path);
  const urls = hasParams ? PATH_VALUES.map((value) => op.path.replace(/\{\w+\}/g, value)) : [op.path, `${op.path}/%`, `${op.path}%`];
  const base = op.path.replace(/\{\w+\}/g, '1');
  const probes: Probe[] = urls.map((url) => ({ name: `path ${url.slice(0, 40)}`, method: op.method, url }));
  for (const query of queriesFor(op)) probes.push({ name: `query ${query.slice(0, 40)}`, method: op.method, url: `${base}?${query}` });
  if (op.method === 'get') return probes;
  for (const [name, body] of bodiesFor(op)) probes.push({ name, method: op.method, url: base, contentType: 'application/json', body });
  probes.push(
    { name: 'text/plain', method: op.method, url: base, contentType: 'text/plain', body: 'hello' },
    { name: 'xml', method: op.method, url: base, contentType: 'application/xml', body: '<?xml version="1.0"?><a>&xxe;</a>' },
    { name: 'multipart without boundary', method: op.method, url: base, contentType: 'multipart/form-data', body: 'garbage' },
    { name: 'multipart cut short', method: op.method, url: base, contentType: 'multipart/form-data; boundary=B', body: '--B\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG' },
    { name: 'form with bad escapes', method: op.method, url: base, contentType: 'application/x-www-form-urlencoded', body: 'a[b][c]=%&x=%ZZ&__proto__[p]=1&y=%ED%A0%80' },
    { name: 'charset nobody knows', method: op.method, url: base, contentType: 'application/json; charset=klingon', body: '{}' },
    { name: 'bad gzip', method: op.method, url: base, contentType: 'application/json', encoding: 'gzip', body: '{"this is":"not gzip"}' },
    { name: 'bad brotli', method: op.method, url: base, contentType: 'application/json', encoding: 'br', body: 'nope' },
    { name: 'unknown encoding', method: op.method, url: base, contentType: 'application/json', encoding: 'x-zip', body: '{}' },
    { name: '3 MB body', method: op.method, url: base, contentType: 'application/json', body: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }) },
  );
  return probes;
};

/**
 * Every insert, update and delete on any table of the app lands in `fuzz_changes` (SQLite triggers), so one
 * query after each refused call tells whether it changed anything, in any table, updates included.
 */
const installChangeLog = async (db: TestContext['db']): Promise<number> => {
  await db.raw('create table fuzz_changes (id integer primary key, tbl text not null, op text not null)');
  const tables = (await db.raw("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'knex_%' and name <> 'fuzz_changes'")) as { name: string; sql: string | null }[];
  // A full-text index (a virtual table and its shadow tables) takes no triggers; the triggers that keep it in
  // step fire on the real table it indexes, which is watched.
  const virtual = tables.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name);
  const rows = tables.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)));
  for (const { name } of rows) {
    for (const op of ['insert', 'update', 'delete']) {
      await db.raw(`create trigger "fuzz_${name}_${op}" after ${op} on "${name}" begin insert into fuzz_changes (tbl, op) values ('${name}', '${op}'); end`);
    }
  }
  return rows.length;
};

type Caller = { who: 'merchant' | 'support' | 'superadmin' | 'signed out'; token: string | null };

/** What a refused call may still write: a refused staff attempt is itself recorded in the audit log (issue 26). */
const RECORDS_REFUSALS = new Set(['insert audit_log']);

/** A refused payment notification is recorded for staff too, whoever sends it (issue 25 item 8). */
const GATEWAY_NOTICES = new Set(['insert gateway_notices', 'update gateway_notices']);
const RECORDS_GATEWAY_REFUSALS: Readonly<Record<string, ReadonlySet<string>>> = {
  '/api/ecpay/notify': GATEWAY_NOTICES,
  '/api/ecpay/invoice-notify': GATEWAY_NOTICES,
  '/api/ecpay/period-notify': GATEWAY_NOTICES,
};

/** Body cases that are malformed for any schema: a refusal of these that names no field is a problem. */
const MALFORMED_BODIES = new Set(['missing fields', 'wrong types', '100 kB strings', 'NUL bytes', 'huge and negative numbers']);

/**
 * The probes about text no store can hold or an index can misread (NUL anywhere, full-text query syntax, the
 * index's separator): on PostgreSQL these are the ones answered differently from SQLite (its `text` refuses
 * NUL), so its pass sends these only, which keeps the run short.
 */
const isTextProbe = (probe: Probe): boolean => probe.name === 'NUL bytes' || probe.url.includes('%00') || HOSTILE_QUERY_TEXT.some((value) => probe.url.includes(`=${value}`));

describe.each(testDatabases)('hostile input on every documented operation (%s)', (kind) => {
  let ctx: TestContext;
  let server: Server;
  /** Who sends each probe: every session kind the API tells apart, and nobody. */
  let callers: Caller[];
  /** SQLite: every change to any table is logged (triggers), so a refused call is checked for changes. */
  const watchChanges = kind === 'sqlite';
  let watchedTables = 0;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    server = ctx.app.listen(0, '127.0.0.1');
    callers = [
      { who: 'merchant', token: (await signIn(ctx, 'skip-otp@demo.test')).token },
      { who: 'support', token: (await signIn(ctx, 'support@demo.test')).token },
      { who: 'superadmin', token: (await signIn(ctx, 'admin@demo.test')).token },
      { who: 'signed out', token: null },
    ];
    if (watchChanges) watchedTables = await installChangeLog(ctx.db);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  const lastChange = async (): Promise<number> => (watchChanges ? Number(((await ctx.db.raw('select coalesce(max(id), 0) as id from fuzz_changes')) as { id: number }[])[0].id) : 0);
  const changesSince = async (mark: number): Promise<string[]> =>
    watchChanges ? ((await ctx.db('fuzz_changes').where('id', '>', mark).select('tbl', 'op')) as { tbl: string; op: string }[]).map((row) => `${row.op} ${row.tbl}`) : [];

  const send = (probe: Probe, token: string | null) => {
    let req = request(server)[probe.method](probe.url).set(CSRF).ok(() => true);
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    if (probe.encoding) req = req.set('Content-Encoding', probe.encoding);
    if (probe.contentType) req = req.set('Content-Type', probe.contentType);
    return probe.body === undefined ? req : req.send(probe.body);
  };

  it('answers no 5xx, only standard translatable errors, and changes nothing when it refuses', async () => {
    const doc = (await request(server).get('/api/docs/openapi.json')).body;
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((op) => op.path.startsWith('/api/staff/')).length).toBeGreaterThan(20);
    const problems: string[] = [];
    let fieldErrors = 0;
    let sent = 0;
    let serverErrors = 0;
    let stateChecks = 0;

    for (const op of operations) {
      // Built once per operation, sent by each caller (a 3 MB body and 100 kB strings are not cheap to make).
      const probes = probesFor(op);
      for (const { who, token } of callers) {
        if (token && ENDS_SESSION.test(op.path)) continue;
        for (const probe of probes) {
          // The body parsers answer these before any session is read: one caller is enough.
          if (who !== 'merchant' && PARSER_LEVEL.has(probe.name)) continue;
          if (kind === 'postgres' && !isTextProbe(probe)) continue;
          const before = await lastChange();
          const res = await send(probe, token);
          sent += 1;
          const label = `${op.method.toUpperCase()} ${op.path} [${who}] ${probe.name} → ${res.status}`;
          if (res.status >= 500) {
            serverErrors += 1;
            problems.push(`${label} ${JSON.stringify(res.body).slice(0, 160)}`);
            continue;
          }
          // Node's HTTP parser itself refuses a request line past its header limit (16 kB) before any app code runs.
          if (res.status === 431) continue;
          if (res.status >= 400) {
            const json = /json/.test(String(res.headers['content-type']));
            if (!json) {
              if (!op.textReply) problems.push(`${label}: not the standard JSON error body (${res.headers['content-type']})`);
            } else {
              const { error, message, key } = res.body ?? {};
              if (typeof error?.code !== 'string' || typeof error?.message !== 'string' || typeof message !== 'string' || key !== error?.key || !translatable(error?.key)) {
                problems.push(`${label}: bad error body ${JSON.stringify(res.body).slice(0, 160)}`);
              }
              const fields = Object.entries((error?.details?.fields ?? {}) as Record<string, unknown>);
              for (const [field, fieldKey] of fields) {
                if (!translatable(fieldKey)) problems.push(`${label}: field ${field} has no translatable key (${String(fieldKey).slice(0, 60)})`);
              }
              // A body the schema refuses says which fields are wrong.
              if (error?.code === 'validation_failed' && fields.length === 0) problems.push(`${label}: validation_failed without field errors`);
              if (MALFORMED_BODIES.has(probe.name) && fields.length > 0) fieldErrors += 1;
            }
            stateChecks += 1;
            const changed = (await changesSince(before))
              .filter((change) => who === 'merchant' || who === 'signed out' || !RECORDS_REFUSALS.has(change))
              .filter((change) => !RECORDS_GATEWAY_REFUSALS[op.path]?.has(change));
            if (changed.length > 0) problems.push(`${label}: a refused call changed the database (${[...new Set(changed)].join(', ')})`);
          }
        }
      }
    }

    // Every session lasted the whole run: no caller's probes went out signed out unnoticed.
    const stillSignedIn: Record<string, number> = {};
    for (const { who, token } of callers) {
      if (token) stillSignedIn[who] = (await request(server).get(who === 'merchant' ? '/api/user' : '/api/staff/me').set('Authorization', `Bearer ${token}`)).status;
    }

    console.log(
      `fuzz-openapi (${kind}, seed ${SEED}): ${operations.length} operations, ${callers.length} callers (${callers.map((c) => c.who).join(', ')}), ${sent} requests sent, ${serverErrors} answers >= 500, ${stateChecks} refused calls${watchChanges ? ` checked for changes in ${watchedTables} tables` : ''}, ${fieldErrors} malformed bodies refused with field errors`,
    );
    expect(problems.slice(0, 40)).toEqual([]);
    expect([...untranslated]).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(stillSignedIn).toEqual({ merchant: 200, support: 200, superadmin: 200 });
    expect(stateChecks).toBeGreaterThan(kind === 'sqlite' ? 1000 : 500);
    expect(fieldErrors).toBeGreaterThan(kind === 'sqlite' ? 100 : 20);
  }, 600_000);
});
