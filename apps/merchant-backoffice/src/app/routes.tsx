import { fetchCurrentUser, isSessionError, logout as logoutSession, queryKeys } from '@merchant-hub/api-client';
import type { HttpClient } from '@merchant-hub/api-client';
import { RouteError, RouteLoader } from '@merchant-hub/ui-kit';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { PATHS, STAFF_ARRIVAL_PATH, hasLocaleMarker } from './gating';
import { GUEST_PAGES } from './guest-area';
import type { SessionStore } from './session-store';
import { hasStaffRole, rolesMayUseBackOffice } from './session-store';

export type RouteDeps = {
  queryClient: QueryClient;
  http: HttpClient;
  session: SessionStore;
  /** Loads another app of the product (full page navigation); tests pass a spy. */
  leaveFor?: (url: string) => void;
  /** Resolves once every namespace's texts are in; the signed-in screens wait for it (see gating.ts, GUEST_NAMESPACES). */
  allTexts?: () => Promise<unknown>;
};

/** Where staff work: the staff console is another app, so reaching it is a full page load, straight to its directory. */
export const STAFF_CONSOLE_PATH = STAFF_ARRIVAL_PATH;

const loadPage = (url: string) => window.location.replace(url);

/** Never settles: the browser is leaving for another app, and nothing of this one should render meanwhile. */
const leaving = () => new Promise<never>(() => undefined);

/** Paths served by the public checkout app; the browser must load that app for them. */
const CHECKOUT_PREFIXES = ['/subscribe/', '/subscribe-payment/', '/subscribe-payment-result/'];

/** Spec §2 gating as loaders. Each screen is its own chunk: sign-in downloads no code of the screens behind it. */
export const createRoutes = ({ queryClient, http, session, leaveFor = loadPage, allTexts = () => Promise.resolve() }: RouteDeps): RouteObject[] => {
  const signedIn = () => session.active() !== null;
  const isStaffSession = () => hasStaffRole(session.active()?.roleNames ?? []);

  /** Sign-in, sign-up, forgot password and the merchant wizard: a signed-in visitor goes home. */
  const guestOnly = () => (signedIn() ? redirect(PATHS.home) : null);

  /** The main app: a stored, unexpired session whose user the API still knows (automatic sign-in). */
  const requireSession = async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const from = `${url.pathname}${url.search}`;
    const toSignIn = redirect(from === PATHS.home ? PATHS.signIn : `${PATHS.signIn}?from=${encodeURIComponent(from)}`);
    const stored = session.active();
    if (!stored) throw toSignIn;
    if (!rolesMayUseBackOffice(stored.roleNames)) {
      session.clear();
      throw redirect(PATHS.signIn);
    }
    // Support and superadmin never see a merchant's screens: they work in the staff console (issue 10).
    if (hasStaffRole(stored.roleNames)) {
      leaveFor(STAFF_CONSOLE_PATH);
      return leaving();
    }
    try {
      await queryClient.ensureQueryData({
        queryKey: queryKeys.user.current(),
        queryFn: ({ signal }) => fetchCurrentUser(http, signal),
        meta: { handlesError: true, handlesSignOut: true },
      });
    } catch (error) {
      if (isSessionError(error)) {
        session.clear();
        queryClient.clear();
        throw toSignIn;
      }
      throw error;
    }
    return null;
  };

  /** Unknown paths: home when signed in; signed out, sign-in unless a locale marker asks for a page (spec §2). */
  const unknownPath = ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (signedIn()) return redirect(PATHS.home);
    if (CHECKOUT_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
      window.location.assign(url.pathname + url.search);
      return null;
    }
    return hasLocaleMarker(url.search) ? null : redirect(`${PATHS.signIn}${url.search}`);
  };

  /** /logout ends the session on the server too (the cookie is HttpOnly: only the API can clear it). */
  const logout = async () => {
    await logoutSession(http).catch(() => undefined);
    session.clear();
    queryClient.clear();
    return redirect(PATHS.signIn);
  };

  return [
    {
      path: '/',
      errorElement: <RouteError />,
      HydrateFallback: RouteLoader,
      children: [
        // The guest pages (guest-area.tsx), each with its lazy parts' code (sign-in's card), so that it draws in one step.
        ...GUEST_PAGES.map(({ path, page, guestOnly: signedOutOnly }) => ({
          path: path.slice(1),
          ...(signedOutOnly ? { loader: guestOnly } : {}),
          lazy: () => page.preloadWhole().then((Component) => ({ Component })),
        })),
        { path: 'logout', loader: logout },
        // A staff page asked for from here (e.g. sign-in's `from`): staff load the console, anyone else goes home.
        {
          path: 'staff/*',
          loader: ({ request }: LoaderFunctionArgs) => {
            if (!isStaffSession()) return redirect(signedIn() ? PATHS.home : PATHS.signIn);
            const url = new URL(request.url);
            leaveFor(`${url.pathname}${url.search}`);
            return leaving();
          },
        },
        // Signed in, a checkout link means "change my plan": billing (spec §2).
        ...['subscribe/*', 'subscribe-payment/*'].map((path) => ({ path, loader: (args: LoaderFunctionArgs) => (signedIn() ? redirect(PATHS.billing) : unknownPath(args)) })),
        {
          loader: requireSession,
          // The signed-in screens name their namespaces loosely (`t('billing:…')`): every namespace first.
          lazy: () => Promise.all([import('../shell/main-layout'), allTexts()]).then(([m]) => ({ Component: m.MainLayout })),
          children: [
            { index: true, lazy: () => import('../pages/home.page').then((m) => ({ Component: m.HomePage })) },
            { path: 'home', loader: () => redirect(PATHS.home) },
            { path: 'home/dashboard', lazy: () => import('@merchant-hub/feature-billing').then((m) => ({ Component: m.BillingPage })) },
            { path: 'profile/billing', loader: () => redirect(PATHS.billing) },
            { path: 'profile/billing/upgrade', lazy: () => import('@merchant-hub/feature-billing').then((m) => ({ Component: m.BillingUpgradePage })) },
            { path: 'profile', loader: () => redirect(PATHS.personal) },
            { path: 'profile/personal', lazy: () => import('../pages/profile.page').then((m) => ({ Component: m.ProfilePage })) },
            { path: 'profile/billing/usage-add-on', lazy: () => import('@merchant-hub/feature-billing').then((m) => ({ Component: m.UsageAddOnPage })) },
            { path: 'profile/billing/not-found', lazy: () => import('../pages/billing.page').then((m) => ({ Component: m.BillingNotFoundPage })) },
            { path: 'support', lazy: () => import('../pages/support.page').then((m) => ({ Component: m.SupportPage })) },
            { path: 'support/:id', lazy: () => import('../pages/support-conversation.page').then((m) => ({ Component: m.SupportConversationPage })) },
          ],
        },
        { path: '*', loader: unknownPath, lazy: () => import('../pages/status.page').then((m) => ({ Component: m.SessionNotFoundPage })) },
      ],
    },
  ];
};
