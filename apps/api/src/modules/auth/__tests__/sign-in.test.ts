import request from 'supertest';
import { ALL_TABLES, CSRF, DEMO_PASSWORD, createTestContext, dumpDatabase, latestCode, mailbox, signIn, testDatabases, type TestContext } from '../../../test-support/test-app';
import { OTP_BAN_SECONDS, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_VALIDITY_SECONDS } from '../one-time-code.service';
import { SESSION_TTL_SECONDS } from '../../sessions';

const MY = 'merchant-my@demo.test';

describe.each(testDatabases)('sign-in with one-time codes (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const checkStatus = (email: string, password = DEMO_PASSWORD) => request(ctx.app).post('/api/erpCheckOTPStatus').send({ email, password, locale: 'en' });
  const submit = (email: string, code: string) => request(ctx.app).post('/api/erpSubmitOTP').send({ email, code });
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers the health check once migrated', async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  describe('POST /api/erpCheckOTPStatus', () => {
    it('checks the password and e-mails a 6-digit code with the countdown data', async () => {
      const res = await checkStatus(MY);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        skip_otp: false,
        otp_data: {
          email: MY,
          mobile_attempts_left: OTP_MAX_ATTEMPTS,
          mobile_verify_code_sent_at: Date.parse('2026-03-02T09:00:00Z') / 1000,
          seconds_of_validation: OTP_VALIDITY_SECONDS,
          mobile_last_attempt_date: null,
          attempts_ban_seconds: OTP_BAN_SECONDS,
        },
      });
      const messages = await mailbox(ctx, MY);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ channel: 'email', to: MY, subject: 'Your Merchant Hub sign-in code' });
      expect(messages[0].code).toMatch(/^\d{6}$/);
    });

    it('refuses a wrong password with the spec message and sends nothing', async () => {
      const res = await checkStatus(MY, 'Wrong2026');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        error: { code: 'invalid_credentials', message: 'Invalid username or password', key: 'errors:error.invalidCredentials' },
        message: 'Invalid username or password',
      });
      expect(await mailbox(ctx, MY)).toHaveLength(0);
    });

    it('answers an unknown e-mail exactly like a wrong password', async () => {
      const res = await checkStatus('nobody@demo.test');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_credentials');
    });

    it.each(['chat@demo.test', 'legacy@demo.test'])('refuses %s (chat_store_staff only / legacy user role)', async (email) => {
      const res = await checkStatus(email);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('login_refused');
      expect(await mailbox(ctx, email)).toHaveLength(0);
    });

    it('refuses a user without any role', async () => {
      const user = await ctx.db('users').where({ email: MY }).first('id');
      await ctx.db('user_roles').where({ user_id: user.id }).delete();
      const res = await checkStatus(MY);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('login_refused');
    });

    it('tells a skip_otp user to sign in straight away, without sending a code', async () => {
      const res = await checkStatus('skip-otp@demo.test');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, skip_otp: true, otp_data: null });
      expect(await mailbox(ctx, 'skip-otp@demo.test')).toHaveLength(0);
    });

    it('reports a store out of credit with its name in extra_info', async () => {
      await ctx.db('stores').where({ name: 'Aisyah Outlet' }).update({ out_of_credit: true });
      const res = await checkStatus(MY);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        error: { code: 'out_of_credit', key: 'errors:error.outOfCredit', details: { extra_info: 'Aisyah Outlet' } },
        message: 'One of the store(s) is out of store credit Aisyah Outlet. Contact store owner or support for further assistant',
        extra_info: 'Aisyah Outlet',
        out_off_credit_store: ['Aisyah Outlet'],
      });
    });

    it('rejects blank credentials with field errors and writes nothing', async () => {
      const res = await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: ' ', password: '' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details.fields).toEqual({
        email: 'validation:signIn.credentialsRequired',
        password: 'validation:signIn.credentialsRequired',
      });
      expect(Number((await ctx.db('one_time_codes').count({ n: '*' }))[0].n)).toBe(0);
    });

    it('keeps the current code during the resend cooldown and sends a new one after it', async () => {
      await checkStatus(MY);
      ctx.clock.advance(OTP_RESEND_COOLDOWN_SECONDS - 1);
      const early = await checkStatus(MY);
      expect(early.body.message).toBe('OTP already sent');
      expect(await mailbox(ctx, MY)).toHaveLength(1);
      ctx.clock.advance(1);
      const late = await checkStatus(MY);
      expect(late.body.message).toBe('OTP sent');
      expect(late.body.otp_data.mobile_verify_code_sent_at).toBe(Date.parse('2026-03-02T09:01:00Z') / 1000);
      expect(await mailbox(ctx, MY)).toHaveLength(2);
    });
  });

  describe('POST /api/erpSubmitOTP', () => {
    it('accepts the right code', async () => {
      await checkStatus(MY);
      const res = await submit(MY, await latestCode(ctx, MY));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, otp_data: { mobile_attempts_left: OTP_MAX_ATTEMPTS } });
    });

    it('counts a wrong code against the attempts', async () => {
      await checkStatus(MY);
      const code = await latestCode(ctx, MY);
      const res = await submit(MY, wrongCode(code));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: { code: 'otp_invalid', key: 'errors:error.otpInvalid' },
        message: 'OTP invalid, Kindly check and fill in the correct OTP again',
        otp_data: { mobile_attempts_left: OTP_MAX_ATTEMPTS - 1, mobile_last_attempt_date: Date.parse('2026-03-02T09:00:00Z') / 1000 },
      });
    });

    it('locks sign-in after the last wrong attempt, even for the right code, until the ban has passed', async () => {
      await checkStatus(MY);
      const code = await latestCode(ctx, MY);
      for (let attempt = 1; attempt < OTP_MAX_ATTEMPTS; attempt += 1) {
        expect((await submit(MY, wrongCode(code))).status).toBe(400);
      }
      const last = await submit(MY, wrongCode(code));
      expect(last.status).toBe(423);
      expect(last.body).toMatchObject({
        error: { code: 'otp_banned', key: 'errors:error.otpBanned' },
        message: 'Log in has been locked for a period of time. Come back later',
        otp_data: { mobile_attempts_left: 0, attempts_ban_seconds: OTP_BAN_SECONDS },
      });
      expect((await submit(MY, code)).status).toBe(423);
      const statusWhileBanned = await checkStatus(MY);
      expect(statusWhileBanned.status).toBe(423);
      expect(await mailbox(ctx, MY)).toHaveLength(1);

      ctx.clock.advance(OTP_BAN_SECONDS - 1);
      expect((await checkStatus(MY)).status).toBe(423);
      ctx.clock.advance(1);
      const after = await checkStatus(MY);
      expect(after.status).toBe(200);
      expect(after.body.otp_data.mobile_attempts_left).toBe(OTP_MAX_ATTEMPTS);
      const fresh = await latestCode(ctx, MY);
      expect((await submit(MY, fresh)).status).toBe(200);
    });

    it('does not give back attempts when a new code is requested', async () => {
      await checkStatus(MY);
      const first = await latestCode(ctx, MY);
      await submit(MY, wrongCode(first));
      await submit(MY, wrongCode(first));
      ctx.clock.advance(OTP_RESEND_COOLDOWN_SECONDS);
      const resend = await checkStatus(MY);
      expect(resend.body.otp_data.mobile_attempts_left).toBe(OTP_MAX_ATTEMPTS - 2);
    });

    it('refuses an expired code without spending an attempt', async () => {
      await checkStatus(MY);
      const code = await latestCode(ctx, MY);
      ctx.clock.advance(OTP_VALIDITY_SECONDS);
      const res = await submit(MY, code);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'otp_expired', key: 'errors:error.otpExpired' }, message: 'OTP has been expired. Request a new OTP' });
      expect(res.body.otp_data.mobile_attempts_left).toBe(OTP_MAX_ATTEMPTS);
    });

    it('accepts a code once only', async () => {
      await checkStatus(MY);
      const code = await latestCode(ctx, MY);
      expect((await submit(MY, code)).status).toBe(200);
      expect((await submit(MY, code)).body.error.code).toBe('otp_expired');
    });

    it('rejects a code that is not 6 digits with a field error', async () => {
      const res = await submit(MY, '12ab');
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields).toEqual({ code: 'validation:otp.codeRequired' });
    });
  });

  describe('POST /api/login and sessions', () => {
    it('refuses a session before the code was verified', async () => {
      await checkStatus(MY);
      const res = await request(ctx.app).post('/api/login').send({ email: MY, password: DEMO_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'otp_required', key: 'errors:error.failToSubmitOTP' });
      expect(Number((await ctx.db('sessions').count({ n: '*' }))[0].n)).toBe(0);
    });

    it('returns user, access_token, expires_at, message, expires_in and a secure cookie', async () => {
      const { body } = await signIn(ctx, MY);
      expect(body).toMatchObject({
        message: 'Success, Logging you in!',
        expires_in: SESSION_TTL_SECONDS,
        expires_at: '2026-03-17T09:00:00.000Z',
        role_names: ['main_user'],
        role_names_expires_in: 7200,
        user: {
          email: MY,
          name: 'Aisyah Rahman',
          roles: [{ name: 'main_user' }],
          inventory_users: { inventory_store_users: { store_id: ctx.demo.get(MY)?.storeIds[0] } },
        },
      });
      expect(body.access_token).toMatch(/^[\w-]{43}$/);
    });

    it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
      await checkStatus(MY);
      await submit(MY, await latestCode(ctx, MY));
      const res = await request(ctx.app).post('/api/login').send({ email: MY, password: DEMO_PASSWORD });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^mh_session=[\w-]{43};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
    });

    it('uses a verified code for one session only', async () => {
      await signIn(ctx, MY);
      const again = await request(ctx.app).post('/api/login').send({ email: MY, password: DEMO_PASSWORD });
      expect(again.status).toBe(403);
    });

    it('signs a skip_otp user in without a code', async () => {
      const res = await request(ctx.app).post('/api/login').send({ email: 'skip-otp@demo.test', password: DEMO_PASSWORD, sendLoginInfoEmail: true });
      expect(res.status).toBe(200);
      const [notice] = await mailbox(ctx, 'skip-otp@demo.test');
      expect(notice.subject).toBe('New sign-in to Merchant Hub');
    });

    it('refuses an account that is not activated yet', async () => {
      await ctx.db('users').where({ email: 'skip-otp@demo.test' }).update({ status: 'pending' });
      const res = await request(ctx.app).post('/api/login').send({ email: 'skip-otp@demo.test', password: DEMO_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('account_not_activated');
    });

    it('serves GET /api/user to the bearer of a session', async () => {
      const { token } = await signIn(ctx, MY);
      const res = await request(ctx.app).get('/api/user').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ email: MY, id: ctx.demo.get(MY)?.userId, user_id: ctx.demo.get(MY)?.userId });
    });

    it('answers 401 without a token or with an unknown one', async () => {
      expect((await request(ctx.app).get('/api/user')).status).toBe(401);
      const res = await request(ctx.app).get('/api/user').set('Authorization', 'Bearer not-a-real-token');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    });

    it('rejects a logged-out token', async () => {
      const { token } = await signIn(ctx, MY);
      const out = await request(ctx.app).get('/api/logout').set('Authorization', `Bearer ${token}`);
      expect(out.status).toBe(200);
      const res = await request(ctx.app).get('/api/user').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    });

    it('expires a session after its lifetime', async () => {
      const { token } = await signIn(ctx, MY);
      ctx.clock.advance(SESSION_TTL_SECONDS - 1);
      expect((await request(ctx.app).get('/api/user').set('Authorization', `Bearer ${token}`)).status).toBe(200);
      ctx.clock.advance(1);
      const res = await request(ctx.app).get('/api/user').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('session_expired');
    });

    it('needs the X-Requested-With header for cookie-authenticated logout', async () => {
      const { token } = await signIn(ctx, MY);
      const cookie = `mh_session=${token}`;
      expect((await request(ctx.app).get('/api/user').set('Cookie', cookie)).status).toBe(200);
      const refused = await request(ctx.app).post('/api/logout').set('Cookie', cookie);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('csrf_header_missing');
      expect((await request(ctx.app).get('/api/user').set('Cookie', cookie)).status).toBe(200);
      const out = await request(ctx.app).post('/api/logout').set('Cookie', cookie).set(CSRF);
      expect(out.status).toBe(200);
      expect((await request(ctx.app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
    });
  });

  describe('secrets', () => {
    it('never stores or logs a password, code or session token in clear text', async () => {
      await checkStatus(MY);
      const code = await latestCode(ctx, MY);
      await submit(MY, wrongCode(code));
      await submit(MY, code);
      const login = await request(ctx.app).post('/api/login').set('Cookie', 'other=1').send({ email: MY, password: DEMO_PASSWORD });
      const token = login.body.access_token as string;
      await request(ctx.app).get('/api/user').set('Authorization', `Bearer ${token}`);
      const dump = await dumpDatabase(ctx.db, ALL_TABLES);
      expect(dump).not.toContain(DEMO_PASSWORD);
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(token);
      const logs = ctx.logs.join('');
      expect(logs).toContain('"url":"/api/login"');
      expect(logs).not.toContain(DEMO_PASSWORD);
      expect(logs).not.toContain(code);
      expect(logs).not.toContain(token);
    });

    it('stores passwords as salted scrypt hashes', async () => {
      const rows = await ctx.db('users').whereIn('email', [MY, 'merchant-sg@demo.test']).select('password_hash');
      expect(rows[0].password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(rows[0].password_hash).not.toBe(rows[1].password_hash);
    });
  });
});
