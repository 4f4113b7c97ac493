import { isSupportedLocale } from '@merchant-hub/i18n';

/** Spec §2 route gating: where a visitor may be, signed in or not. */
export const PATHS = {
  home: '/',
  signIn: '/signin',
  signUp: '/signup',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  billing: '/home/dashboard',
  usageAddOn: '/profile/billing/usage-add-on',
  billingUpgrade: '/profile/billing/upgrade',
  profile: '/profile',
  personal: '/profile/personal',
  terms: '/terms-condition',
  notFound: '/session/404',
  serverError: '/session/500',
  billingNotFound: '/profile/billing/not-found',
  support: '/support',
  contactSupport: '/support?new=1',
} as const;

/**
 * The namespaces of the pages a signed-out visitor can reach (sign-in, sign-up, passwords, the merchant
 * wizard, terms; the status pages name `shell` in `useTranslation`): a signed-out first visit downloads only
 * these before it renders, and the texts of failures (`ERROR_NAMESPACES`: the API's error keys, the forms'
 * messages) just after.
 */
export const GUEST_NAMESPACES = ['auth', 'common'];

/** Locale markers that keep an unknown path from bouncing to sign-in (spec §2). */
const LOCALE_MARKERS = ['en', 'ms', 'zh', 'zhtw'];

export const hasLocaleMarker = (search: string): boolean => {
  const locale = new URLSearchParams(search).get('locale');
  return locale !== null && LOCALE_MARKERS.includes(locale) && isSupportedLocale(locale);
};

/** Hosts of the payment gateways a buyer returns from (ECPay, Stripe and its hosted pages). */
const GATEWAY_HOSTS = [/(^|\.)ecpay\.com\.tw$/, /(^|\.)stripe\.com$/];

/** A path of this app that is safe to send a user to: same origin, not protocol-relative, not a session page. */
export const isSafeInternalPath = (path: string | null | undefined): path is string =>
  typeof path === 'string' &&
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.startsWith('/\\') &&
  ![PATHS.signIn, PATHS.signUp, PATHS.logout].some((blocked) => path === blocked || path.startsWith(`${blocked}?`));

/** Where staff arrive in the staff console (another app: one full page load, issue 27 §5). */
export const STAFF_ARRIVAL_PATH = '/staff/merchants';

/** Where staff go after the code step: the console page sign-in was asked from, else the merchant directory. */
export const staffDestination = (from: string | null): string =>
  isSafeInternalPath(from) && /^\/staff(\/|\?|$)/.test(from) && from !== '/staff' && from !== '/staff/' ? from : STAFF_ARRIVAL_PATH;


/**
 * Pages the API itself serves to people (an invoice's page and PDF): a signed-out reader is sent to sign in
 * with `?from=` naming one, and comes back to it with a full page load, since this app has no route for it.
 */
const SERVER_PAGE_PREFIXES = ['/api/invoices/'];

export type SignInDestination = { kind: 'internal'; path: string } | { kind: 'page'; path: string } | { kind: 'external'; url: string };

/**
 * Where to go after signing in (spec §2 referer rule). A page of this app that sent the visitor to sign in
 * comes first. Otherwise, arriving from the product's own site or a payment gateway goes home, and arriving
 * from anywhere else goes back there; only http(s) referers are followed.
 */
export const destinationAfterSignIn = (input: { from: string | null; referrer: string; origin: string }): SignInDestination => {
  if (isSafeInternalPath(input.from)) {
    if (SERVER_PAGE_PREFIXES.some((prefix) => input.from?.startsWith(prefix))) return { kind: 'page', path: input.from };
    // Nothing else of the API is a page to come back to.
    if (!input.from.startsWith('/api/')) return { kind: 'internal', path: input.from };
  }
  if (!input.referrer) return { kind: 'internal', path: PATHS.home };
  let referrer: URL;
  try {
    referrer = new URL(input.referrer);
  } catch {
    return { kind: 'internal', path: PATHS.home };
  }
  if (referrer.protocol !== 'http:' && referrer.protocol !== 'https:') return { kind: 'internal', path: PATHS.home };
  const own = new URL(input.origin);
  if (referrer.host === own.host || GATEWAY_HOSTS.some((host) => host.test(referrer.hostname))) return { kind: 'internal', path: PATHS.home };
  return { kind: 'external', url: referrer.href };
};

/** Sign-in, forgot-password and similar links keep the chosen language across pages. */
export const withLocale = (path: string, locale: string | null | undefined): string =>
  locale ? `${path}${path.includes('?') ? '&' : '?'}locale=${encodeURIComponent(locale)}` : path;
