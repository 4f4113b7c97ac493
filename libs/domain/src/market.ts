/** The five markets the product sells in (spec §9). */
export const MARKETS = ['MY', 'SG', 'PH', 'TH', 'TW'] as const;
export type Market = (typeof MARKETS)[number];

/** ISO 4217 codes of the markets' currencies. */
export const CURRENCY_CODES = ['MYR', 'SGD', 'PHP', 'THB', 'TWD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const MARKET_CURRENCY: Readonly<Record<Market, CurrencyCode>> = {
  MY: 'MYR',
  SG: 'SGD',
  PH: 'PHP',
  TH: 'THB',
  TW: 'TWD',
};

/** Interface languages (spec §1); ar and he exist only to exercise right-to-left layout. */
export const LOCALES = ['en', 'ms', 'zh', 'zhtw', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
export const RTL_LOCALES = ['ar', 'he'] as const;
export type RtlLocale = (typeof RTL_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isMarket = (value: unknown): value is Market =>
  typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** How a buyer can pay on the public checkout. */
export const CHECKOUT_CHANNELS = ['card', 'fpx', 'ecpay'] as const;
export type CheckoutChannel = (typeof CHECKOUT_CHANNELS)[number];

/**
 * Which markets each checkout channel sells to, by the plan's market (its currency): ECPay is Taiwan's (TWD),
 * FPX Malaysia's (MYR), cards every market's but Taiwan's. The API refuses, and the pages never offer, any
 * other pairing, whatever a link says (issue 31 #6).
 */
export const CHECKOUT_CHANNEL_MARKETS: Readonly<Record<CheckoutChannel, readonly Market[]>> = {
  card: ['MY', 'SG', 'PH', 'TH'],
  fpx: ['MY'],
  ecpay: ['TW'],
};

/** The checkout channels a plan of `market` can be paid with, card first. */
export const checkoutChannelsOf = (market: Market): CheckoutChannel[] => CHECKOUT_CHANNELS.filter((channel) => CHECKOUT_CHANNEL_MARKETS[channel].includes(market));
