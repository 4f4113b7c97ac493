/**
 * Settings production starts with: live-looking Stripe keys and an ECPay shop of its own (no sandbox, no test key,
 * no public test shop). Nothing here reaches Stripe or ECPay; tests start production with it or change one value.
 */
export const LIVE_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'p'.repeat(40),
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  ECPAY_MODE: 'production',
  ECPAY_MERCHANT_ID: '3380001',
  ECPAY_HASH_KEY: 'realHashKey00001',
  ECPAY_HASH_IV: 'realHashIv000001',
};
