import request from 'supertest';
import { ALL_TABLES, CSRF, createTestContext, dumpDatabase, mailbox, signIn, testDatabases, type TestContext } from '../../../test-support/test-app';
import * as merchantCurrencyFollowsMarket from '../../../db/migrations/600-merchant-currency-follows-market';
import { OTP_BAN_SECONDS, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_VALIDITY_SECONDS } from '../../auth';

const EMAIL = 'lim@shop.test';
const TRIAL = { email: EMAIL, mobile_no: '60 12-777 8888', firstName: 'Lim', lastName: 'Ah Kow', password: 'Trial2026', storeName: 'Lim Hardware', lineId: 'limak' };
const REGISTRATION = {
  account: { first_name: 'Lim', last_name: 'Ahkow', email: EMAIL, mobile_no: '+60127778888', password: 'Trial2026', password_confirmation: 'Trial2026', line_id: 'limak' },
  store: { store_name: 'Lim Hardware', store_email: 'shop@lim.test', industry: 11, currency: 'MYR', language: 'en', address1: '1 Jalan Besar', city: 'Ipoh', zip: '30000', country: 'MY', state: 'Perak' },
};

describe.each(testDatabases)('trial sign-up (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const smsCode = async (): Promise<string> => {
    const [sms] = await mailbox(ctx, EMAIL);
    expect(sms.channel).toBe('sms');
    expect(sms.to).toBe('+60127778888');
    return sms.code as string;
  };
  const verified = async () => {
    await request(ctx.app).post('/api/trial/verify').send(TRIAL);
    const res = await request(ctx.app).post('/api/trial/verifyOTP').send({ email: EMAIL, otp: await smsCode() });
    expect(res.status).toBe(200);
  };

  it('lists the settings the form needs', async () => {
    const res = await request(ctx.app).get('/api/trial/getSettings');
    expect(res.status).toBe(200);
    expect(res.body.data.industries).toHaveLength(16);
    expect(res.body.data.industries[0]).toEqual({ id: 1, name: 'Automotive & Motorcycles', translations: { ms: 'Automotif & Motosikal', zh: '汽车与摩托车', zhtw: '汽車與機車', th: 'ยานยนต์และจักรยานยนต์' } });
    expect(res.body.data.countries.map((c: { iso_code: string }) => c.iso_code)).toEqual(['MY', 'SG', 'PH', 'TH', 'TW']);
    expect(res.body.data.currencies.find((c: { code: string }) => c.code === 'TWD')).toMatchObject({ symbol_left: 'NT$', decimal_places: 0 });
    expect(res.body.data.languages.map((l: { locale: string }) => l.locale)).toEqual(['en', 'ms', 'zh', 'zhtw', 'th']);
  });

  it('says whether an e-mail is still free', async () => {
    expect((await request(ctx.app).post('/api/trial/verifyEmail').send({ email: EMAIL })).status).toBe(200);
    const taken = await request(ctx.app).post('/api/trial/verifyEmail').send({ email: 'merchant-my@demo.test' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: 'This email has already been registered', key: 'errors:register.emailAlreadySignUp', error_code: 'email_exists' });
  });

  it('checks the first form, keeps it with a hashed password and texts a code', async () => {
    const res = await request(ctx.app).post('/api/trial/verify').send(TRIAL);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, found: { nextOTP: Date.parse('2026-03-02T09:00:00Z') / 1000 + OTP_RESEND_COOLDOWN_SECONDS }, message: 'OTP sent' });
    expect(await smsCode()).toMatch(/^\d{6}$/);
    const row = await ctx.db('trial_registrations').where({ email: EMAIL }).first();
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it("texts the code in the sign-up page's language, and a resent one too (issue 31 #5)", async () => {
    expect((await request(ctx.app).post('/api/trial/verify').send({ ...TRIAL, locale: 'zhtw' })).status).toBe(200);
    const [sms] = await mailbox(ctx, EMAIL);
    expect(sms.text).toContain('驗證碼');
    ctx.clock.advance(OTP_RESEND_COOLDOWN_SECONDS + 1);
    expect((await request(ctx.app).post('/api/trial/resendOTP').send({ email: EMAIL, locale: 'th' })).status).toBe(200);
    const [resent] = await mailbox(ctx, EMAIL);
    expect(resent.text).toContain('รหัสยืนยัน');
  });

  it('maps taken e-mail, phone and store name to their fields (mobile_no to the mobile field)', async () => {
    const res = await request(ctx.app)
      .post('/api/trial/verify')
      .send({ ...TRIAL, email: 'merchant-my@demo.test', mobile_no: '+60123456701', storeName: 'kedai aisyah' });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual({
      email: 'errors:register.emailExists',
      mobile_no: 'errors:register.phoneExists',
      storeName: 'errors:register.storeNameExists',
    });
    expect(res.body.errors).toEqual({ email: ['Email already exists'], mobile_no: ['Phone number already exists'], storeName: ['Store name already exists'] });
    expect(res.body.valid).toBe(false);
    expect(Number((await ctx.db('trial_registrations').count({ n: '*' }))[0].n)).toBe(0);
  });

  it('rejects a bad form with the register.error keys and writes nothing', async () => {
    const res = await request(ctx.app).post('/api/trial/verify').send({ ...TRIAL, email: 'x', mobile_no: '12', password: 'password', storeName: 'ab', lineId: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toEqual({
      email: 'validation:register.error.email',
      mobile_no: 'validation:register.error.mobileNumber',
      password: 'validation:register.error.password',
      storeName: 'validation:register.error.storeName',
      lineId: 'validation:register.error.requiredLineId',
    });
    expect(Number((await ctx.db('outbox').count({ n: '*' }))[0].n)).toBe(0);
  });

  it('verifies the mobile code', async () => {
    await request(ctx.app).post('/api/trial/verify').send(TRIAL);
    const res = await request(ctx.app).post('/api/trial/verifyOTP').send({ email: EMAIL, otp: await smsCode() });
    expect(res.body).toMatchObject({ success: true, verified: true });
  });

  it('answers otpError, then attemptLimit after the last attempt', async () => {
    await request(ctx.app).post('/api/trial/verify').send(TRIAL);
    const wrong = (await smsCode()) === '000000' ? '111111' : '000000';
    const first = await request(ctx.app).post('/api/trial/verifyOTP').send({ email: EMAIL, otp: wrong });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ message: 'Incorrect OTP entered. Please try again.', error_code: 'otp_error', attempts_left: OTP_MAX_ATTEMPTS - 1 });
    for (let i = 2; i < OTP_MAX_ATTEMPTS; i += 1) await request(ctx.app).post('/api/trial/verifyOTP').send({ email: EMAIL, otp: wrong });
    const last = await request(ctx.app).post('/api/trial/verifyOTP').send({ email: EMAIL, otp: wrong });
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ message: 'You have reached the maximum number of attempts. Please resend OTP again', error_code: 'attempt_limit' });
    expect((await request(ctx.app).post('/api/trial/resendOTP').send({ email: EMAIL })).status).toBe(429);
    ctx.clock.advance(OTP_BAN_SECONDS);
    expect((await request(ctx.app).post('/api/trial/resendOTP').send({ email: EMAIL })).status).toBe(200);
  });

  it('answers codeExpired for an old code', async () => {
    await request(ctx.app).post('/api/trial/verify').send(TRIAL);
    const code = await smsCode();
    ctx.clock.advance(OTP_VALIDITY_SECONDS);
    const res = await request(ctx.app).post('/api/trial/verifyOTP').send({ email: EMAIL, otp: code });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Your code was expired. Please resend OTP again', error_code: 'expired' });
  });

  it('answers error_data when there is no sign-up for the e-mail', async () => {
    const res = await request(ctx.app).post('/api/trial/verifyOTP').send({ email: 'ghost@shop.test', otp: '123456' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Please update your store details', error_code: 'error_data' });
  });

  it('enforces the resend cooldown on resendOTP but not on sendOTP', async () => {
    await request(ctx.app).post('/api/trial/verify').send(TRIAL);
    const soon = await request(ctx.app).post('/api/trial/resendOTP').send({ email: EMAIL });
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe('Please try again to resend the OTP');
    const send = await request(ctx.app).post('/api/trial/sendOTP').send({ email: EMAIL });
    expect(send.body).toMatchObject({ success: true, message: 'OTP already sent' });
    ctx.clock.advance(OTP_RESEND_COOLDOWN_SECONDS);
    const later = await request(ctx.app).post('/api/trial/resendOTP').send({ email: EMAIL });
    expect(later.body).toMatchObject({ success: true, message: 'OTP sent' });
    expect(await mailbox(ctx, EMAIL)).toHaveLength(2);
  });

  describe('POST /api/trial/register', () => {
    it('creates the account, merchant and store, signs in and e-mails a verification link', async () => {
      await verified();
      const res = await request(ctx.app).post('/api/trial/register').send(REGISTRATION);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ message: 'Registration successful', user: { email: EMAIL, name: 'Lim Ahkow', phone: '+60127778888', roles: [{ name: 'main_user' }] } });
      const me = await request(ctx.app).get('/api/user').set('Authorization', `Bearer ${res.body.access_token}`);
      expect(me.status).toBe(200);
      const store = await ctx.db('stores').where({ name: 'Lim Hardware' }).first();
      expect(store).toMatchObject({ email: 'shop@lim.test', industry_id: 11, currency_code: 'MYR', city: 'Ipoh' });
      const [welcome] = (await mailbox(ctx, EMAIL)).filter((m) => m.channel === 'email');
      expect(welcome.subject).toBe('Welcome to Merchant Hub!');
      const evt = welcome.link?.match(/evt=([\w-]+)/)?.[1] as string;
      const activated = await request(ctx.app).patch(`/api/signup/activate/${evt}`);
      expect(activated.status).toBe(200);
      expect((await ctx.db('users').where({ email: EMAIL }).first()).email_verified_at).not.toBeNull();
      const dump = await dumpDatabase(ctx.db, ALL_TABLES);
      expect(dump).not.toContain('Trial2026');
      expect(dump).not.toContain(evt);
    });

    it('refuses before the mobile code was verified', async () => {
      await request(ctx.app).post('/api/trial/verify').send(TRIAL);
      const res = await request(ctx.app).post('/api/trial/register').send(REGISTRATION);
      expect(res.status).toBe(404);
      expect(res.body.error_code).toBe('error_data');
      expect(await ctx.db('users').where({ email: EMAIL }).first()).toBeUndefined();
    });

    it('maps every failed existence check to its field and writes nothing', async () => {
      await verified();
      const res = await request(ctx.app)
        .post('/api/trial/register')
        .send({
          account: { ...REGISTRATION.account, mobile_no: '+60129999999' },
          store: { ...REGISTRATION.store, store_name: 'Kedai Aisyah', store_email: 'store1.merchant-my@demo.test', industry: 99, currency: 'EUR', language: 'fr', country: 'MY', state: 'Bangkok' },
        });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields).toEqual({
        'account.mobile_no': 'errors:register.phoneInvalid',
        'store.store_name': 'errors:register.storeNameExists',
        'store.store_email': 'errors:register.storeEmailExists',
        'store.industry': 'validation:registration.industryInvalid',
        'store.currency': 'validation:registration.currencyInvalid',
        'store.language': 'validation:registration.languageInvalid',
        'store.state': 'validation:registration.stateInvalid',
      });
      expect(res.body.errors['store.state']).toEqual(['Selected state is invalid']);
      expect(await ctx.db('users').where({ email: EMAIL }).first()).toBeUndefined();
    });

    it("refuses a currency that is not the store country's (a Taiwan store priced in MYR) and writes nothing", async () => {
      await verified();
      const res = await request(ctx.app)
        .post('/api/trial/register')
        .send({ ...REGISTRATION, store: { ...REGISTRATION.store, currency: 'MYR', country: 'TW', state: 'Taipei City' } });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields).toEqual({ 'store.currency': 'validation:registration.currencyMarketMismatch' });
      expect(await ctx.db('users').where({ email: EMAIL }).first()).toBeUndefined();
    });

    it("takes the country's currency when none is sent, so the new merchant can buy a first plan of its market", async () => {
      await verified();
      const { currency: _omitted, ...store } = REGISTRATION.store;
      const res = await request(ctx.app)
        .post('/api/trial/register')
        .send({ ...REGISTRATION, store: { ...store, country: 'TW', state: 'Taipei City' } });
      expect(res.status).toBe(201);
      expect(await ctx.db('merchants').where({ name: 'Lim Hardware' }).first('currency_code')).toEqual({ currency_code: 'TWD' });
      const auth = { Authorization: `Bearer ${res.body.access_token}` };
      const mustSubscribe = await request(ctx.app).get('/api/users/billing/all').set(auth);
      expect(mustSubscribe.status).toBe(402);
      const offered = mustSubscribe.body.packages as { id: number; price: number; currency: string }[];
      expect(new Set(offered.map((pkg) => pkg.currency))).toEqual(new Set(['TWD']));
      const plan = offered.find((pkg) => pkg.price > 0) as { id: number };
      const card = await request(ctx.app).post('/api/sandbox/payment-methods').send({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
      const paid = await request(ctx.app).post('/api/users/billing/late-subscribe').set(auth).send({ paymentMethod: card.body.id, package_id: plan.id });
      expect(paid.status).toBe(200);
      expect(paid.body.invoice).toMatchObject({ currency: 'TWD', status: 'paid' });
    });

    it('migration 600 gives a merchant stuck with another market\'s currency (nothing bought yet) its own, and leaves buyers alone', async () => {
      await verified();
      await request(ctx.app).post('/api/trial/register').send({ ...REGISTRATION, store: { ...REGISTRATION.store, currency: 'TWD', country: 'TW', state: 'Taipei City' } });
      const stuck = await ctx.db('merchants').where({ name: 'Lim Hardware' }).first('id');
      // The state sign-up used to allow: a Taiwan store in MYR.
      await ctx.db('merchants').where({ id: stuck.id }).update({ currency_code: 'MYR' });
      await ctx.db('stores').where({ merchant_id: stuck.id }).update({ currency_code: 'MYR' });
      const paying = await ctx.db('merchants').join('users', 'users.id', 'merchants.owner_user_id').where('users.email', 'merchant-tw@demo.test').first('merchants.id');
      await ctx.db('merchants').where({ id: paying.id }).update({ currency_code: 'MYR' });
      await merchantCurrencyFollowsMarket.up(ctx.db);
      expect(await ctx.db('merchants').where({ id: stuck.id }).first('currency_code')).toEqual({ currency_code: 'TWD' });
      expect(await ctx.db('stores').where({ merchant_id: stuck.id }).first('currency_code')).toEqual({ currency_code: 'TWD' });
      expect(await ctx.db('merchants').where({ id: paying.id }).first('currency_code')).toEqual({ currency_code: 'MYR' });
    });

    it('refuses an unknown country', async () => {
      await verified();
      const res = await request(ctx.app).post('/api/trial/register').send({ ...REGISTRATION, store: { ...REGISTRATION.store, country: 'Atlantis' } });
      expect(res.body.error.details.fields['store.country']).toBe('validation:registration.countryInvalid');
    });

    it('takes a one-character surname on every step, the server check and the registration alike (issue 31)', async () => {
      const names = { firstName: '小明', lastName: '王' };
      expect((await request(ctx.app).post('/api/trial/verify').send({ ...TRIAL, ...names })).status).toBe(200);
      expect((await request(ctx.app).post('/api/trial/verifyOTP').send({ email: EMAIL, otp: await smsCode() })).status).toBe(200);
      const res = await request(ctx.app).post('/api/trial/register').send({ ...REGISTRATION, account: { ...REGISTRATION.account, first_name: '小明', last_name: '王' } });
      expect(res.status).toBe(201);
      expect(await ctx.db('users').where({ email: EMAIL }).first('first_name', 'last_name', 'name')).toEqual({ first_name: '小明', last_name: '王', name: '小明 王' });
    });

    it('rejects names with digits (server-style rules)', async () => {
      const res = await request(ctx.app).post('/api/trial/register').send({ ...REGISTRATION, account: { ...REGISTRATION.account, first_name: 'L1m' } });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields['account.first_name']).toBe('validation:registration.firstNameInvalid');
    });
  });

  it('lets staff e-mail a merchant-creation link, and only staff', async () => {
    const merchant = await signIn(ctx, 'merchant-my@demo.test');
    const refused = await request(ctx.app).post('/api/create-merchant/invite').set('Authorization', `Bearer ${merchant.token}`).send({ email: 'w@shop.test', firstname: 'W', lastname: 'Z' });
    expect(refused.status).toBe(403);
    const staff = await signIn(ctx, 'admin@demo.test');
    const cookieWithoutHeader = await request(ctx.app).post('/api/create-merchant/invite').set('Cookie', `mh_session=${staff.token}`).send({ email: 'w@shop.test', firstname: 'W', lastname: 'Z' });
    expect(cookieWithoutHeader.status).toBe(403);
    const ok = await request(ctx.app).post('/api/create-merchant/invite').set('Cookie', `mh_session=${staff.token}`).set(CSRF).send({ email: 'w@shop.test', firstname: 'W', lastname: 'Z' });
    expect(ok.status).toBe(201);
    expect((await mailbox(ctx, 'w@shop.test'))[0].link).toMatch(/^http:\/\/localhost:3000\/confirm\/[\w-]{43}$/);
  });
});
