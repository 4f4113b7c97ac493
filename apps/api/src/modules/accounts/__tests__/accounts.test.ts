import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { ALL_TABLES, CSRF, DEMO_PASSWORD, createTestContext, dumpDatabase, mailbox, signIn, testDatabases, type TestContext } from '../../../test-support/test-app';
import { issueUserToken } from '../tokens.repository';

const MY = 'merchant-my@demo.test';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.each(testDatabases)('accounts (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  let myId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = (await signIn(ctx, MY)).token;
    myId = ctx.demo.get(MY)?.userId as number;
  });
  afterEach(async () => {
    await ctx.close();
  });
  const bearer = () => ({ Authorization: `Bearer ${token}` });

  describe('GET|PUT /api/users/:id', () => {
    it('returns the signed-in user', async () => {
      const res = await request(ctx.app).get(`/api/users/${myId}`).set(bearer());
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: myId, email: MY, phone: '+60123456701' });
    });

    it('refuses another merchant', async () => {
      const other = ctx.demo.get('merchant-sg@demo.test')?.userId;
      const res = await request(ctx.app).get(`/api/users/${other}`).set(bearer());
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    });

    it('lets staff read any merchant', async () => {
      const staff = await signIn(ctx, 'support@demo.test');
      const res = await request(ctx.app).get(`/api/users/${myId}`).set('Authorization', `Bearer ${staff.token}`);
      expect(res.status).toBe(200);
    });

    it('updates the profile and normalizes the phone number', async () => {
      const res = await request(ctx.app)
        .put(`/api/users/${myId}`)
        .set(bearer())
        .send({ name: 'Aisyah R.', email: 'Aisyah@Demo.test', phone: '+60 12-345 6799', image_url: '/api/uploads/avatars/0123456789abcdef0123456789abcdef.png' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Update Success', data: { name: 'Aisyah R.', email: 'aisyah@demo.test', phone: '+60123456799', image_url: `${ctx.config.publicUrl}/api/uploads/avatars/0123456789abcdef0123456789abcdef.png` } });
    });

    it('refuses an e-mail another account uses', async () => {
      const res = await request(ctx.app).put(`/api/users/${myId}`).set(bearer()).send({ name: 'A', email: 'merchant-sg@demo.test', phone: null });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'email_taken', details: { fields: { email: 'errors:register.emailExists' } } }, message: 'Email already exists' });
    });

    it('refuses a phone number another account uses', async () => {
      const res = await request(ctx.app).put(`/api/users/${myId}`).set(bearer()).send({ name: 'A', email: MY, phone: '+6581234501' });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('phone_taken');
    });

    it('rejects bad input with field errors and changes nothing', async () => {
      const res = await request(ctx.app).put(`/api/users/${myId}`).set(bearer()).send({ name: '', email: 'not-an-email', phone: 'abc' });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields).toEqual({
        name: 'validation:profile.nameRequired',
        email: 'validation:profile.emailInvalid',
        phone: 'validation:profile.phoneInvalid',
      });
      expect((await ctx.db('users').where({ id: myId }).first()).name).toBe('Aisyah Rahman');
    });

    it('requires the CSRF header when the cookie authenticates a change', async () => {
      const body = { name: 'Via Cookie', email: MY, phone: null };
      const refused = await request(ctx.app).put(`/api/users/${myId}`).set('Cookie', `mh_session=${token}`).send(body);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('csrf_header_missing');
      const accepted = await request(ctx.app).put(`/api/users/${myId}`).set('Cookie', `mh_session=${token}`).set(CSRF).send(body);
      expect(accepted.status).toBe(200);
    });
  });

  describe('POST /api/users/:id/avatar', () => {
    it('stores a PNG under the upload folder and serves it', async () => {
      const res = await request(ctx.app).post(`/api/users/${myId}/avatar`).set(bearer()).attach('image', PNG, { filename: 'me.png', contentType: 'image/png' });
      expect(res.status).toBe(201);
      expect(res.body.data.image).toMatch(/^avatars\/[0-9a-f]{32}\.png$/);
      expect(res.body.data.image_url).toBe(`http://localhost:3000/api/uploads/${res.body.data.image}`);
      expect(fs.readFileSync(path.join(ctx.uploadDir, res.body.data.image))).toEqual(PNG);
      const served = await request(ctx.app).get(`/api/uploads/${res.body.data.image}`);
      expect(served.status).toBe(200);
    });

    it('refuses a file that is not really a JPG or PNG', async () => {
      const res = await request(ctx.app).post(`/api/users/${myId}/avatar`).set(bearer()).attach('image', Buffer.from('GIF89a....'), { filename: 'x.png', contentType: 'image/png' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'unsupported_file_type', details: { fields: { image: 'validation:image.typeInvalid' } } }, message: 'You can only upgrade JPG/PNG file!' });
      expect(fs.existsSync(path.join(ctx.uploadDir, 'avatars'))).toBe(false);
    });

    it('refuses an image of 2 MB or more', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const res = await request(ctx.app).post(`/api/users/${myId}/avatar`).set(bearer()).attach('image', big, { filename: 'big.png', contentType: 'image/png' });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('Image must smaller than 2MB!');
    });
  });

  describe('password reset', () => {
    const resetLinkToken = async (): Promise<string> => {
      const [message] = await mailbox(ctx, MY);
      const match = message.link?.match(/\/reset-password\/([\w-]+)$/);
      if (!match) throw new Error('no reset link');
      return match[1];
    };

    it('e-mails a link, shows its e-mail, changes the password once and signs every session out', async () => {
      const sent = await request(ctx.app).post('/api/forgot-password').send({ email: MY });
      expect(sent.status).toBe(200);
      const resetToken = await resetLinkToken();
      const info = await request(ctx.app).get(`/api/forgot-password/token/${resetToken}`);
      expect(info.body.data).toEqual({ email: MY, forgot_password_token: resetToken });
      const change = { email: MY, forgot_password_token: resetToken, password: 'NewPass2026', password_confirmation: 'NewPass2026' };
      const done = await request(ctx.app).post('/api/forgot-password/change').send(change);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe('Your password has been successfully reset.');
      expect((await request(ctx.app).get('/api/user').set(bearer())).status).toBe(401);
      const again = await request(ctx.app).post('/api/forgot-password/change').send({ ...change, password: 'Other2026x', password_confirmation: 'Other2026x' });
      expect(again.status).toBe(404);
      expect(again.body.error.code).toBe('token_invalid');
      expect((await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: MY, password: DEMO_PASSWORD })).status).toBe(401);
      expect((await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: MY, password: 'NewPass2026' })).status).toBe(200);
      const dump = await dumpDatabase(ctx.db, ALL_TABLES);
      expect(dump).not.toContain(resetToken);
      expect(dump).not.toContain('NewPass2026');
      expect(ctx.logs.join('')).not.toContain(resetToken);
    });

    it('answers an unknown e-mail the same way and sends nothing', async () => {
      const res = await request(ctx.app).post('/api/forgot-password').send({ email: 'nobody@demo.test' });
      expect(res.status).toBe(200);
      expect(await mailbox(ctx, 'nobody@demo.test')).toHaveLength(0);
    });

    it('refuses an expired link', async () => {
      await request(ctx.app).post('/api/forgot-password').send({ email: MY });
      const resetToken = await resetLinkToken();
      ctx.clock.advance(3600);
      const res = await request(ctx.app).get(`/api/forgot-password/token/${resetToken}`);
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('token_expired');
    });

    it('refuses a link used with another e-mail', async () => {
      await request(ctx.app).post('/api/forgot-password').send({ email: MY });
      const resetToken = await resetLinkToken();
      const res = await request(ctx.app)
        .post('/api/forgot-password/change')
        .send({ email: 'merchant-sg@demo.test', forgot_password_token: resetToken, password: 'NewPass2026', password_confirmation: 'NewPass2026' });
      expect(res.status).toBe(404);
    });

    it('rejects a weak or unconfirmed password with field errors', async () => {
      const res = await request(ctx.app).post('/api/forgot-password/change').send({ email: MY, forgot_password_token: 'x'.repeat(43), password: 'short', password_confirmation: 'other' });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields.password).toBe('validation:resetPassword.passwordWeak');
    });

    it('rejects a malformed e-mail', async () => {
      const res = await request(ctx.app).post('/api/forgot-password').send({ email: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields).toEqual({ email: 'validation:forgotPassword.emailInvalid' });
    });

    it('answers "Failed to send email." when the notifier fails', async () => {
      const failing = await createTestContext(kind, { notifier: { send: async () => Promise.reject(new Error('smtp down')), queue: async () => undefined } });
      try {
        const res = await request(failing.app).post('/api/forgot-password').send({ email: MY });
        expect(res.status).toBe(502);
        expect(res.body.message).toBe('Failed to send email.');
      } finally {
        await failing.close();
      }
    });
  });

  describe('PATCH /api/signup/activate/:token', () => {
    it('activates a pending account once', async () => {
      await ctx.db('users').where({ id: myId }).update({ status: 'pending', email_verified_at: null });
      const activation = await issueUserToken(ctx.db, 'activation_tokens', myId, ctx.clock.now());
      const res = await request(ctx.app).patch(`/api/signup/activate/${activation}`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Your account has been activated. You can login with registered email id');
      const row = await ctx.db('users').where({ id: myId }).first();
      expect(row.status).toBe('active');
      expect(row.email_verified_at).not.toBeNull();
      const again = await request(ctx.app).patch(`/api/signup/activate/${activation}`);
      expect(again.status).toBe(404);
    });

    it('refuses an unknown token', async () => {
      const res = await request(ctx.app).patch(`/api/signup/activate/${'a'.repeat(43)}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('token_invalid');
    });
  });
});
