import { lazyPage } from '@merchant-hub/app-root';
import { RouteErrorBoundary } from '@merchant-hub/ui-kit';
import { use } from 'react';
import type { ReactNode } from 'react';
import { Route, Routes, matchPath } from 'react-router';
import { SignInFlow } from '../session/sign-in-parts';
import { PATHS } from './gating';

// The guest pages, drawn by the guest entry's <Routes> below and by the back office's data router (routes.tsx).
const SignInPage = lazyPage(() => import('../pages/signin.page').then((module) => module.SignInPage), [SignInFlow]);
const SignUpPage = lazyPage(() => import('../pages/signup.page').then((module) => module.SignUpPage));
const ForgotPasswordPage = lazyPage(() => import('../pages/forgot-password.page').then((module) => module.ForgotPasswordPage));
const MerchantWizardPage = lazyPage(() => import('../pages/merchant-wizard.page').then((module) => module.MerchantWizardPage));
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password.page').then((module) => module.ResetPasswordPage));
const ReportChangePage = lazyPage(() => import('../pages/report-change.page').then((module) => module.ReportChangePage));
const TermsPage = lazyPage(() => import('../pages/terms.page').then((module) => module.TermsPage));
const ServerErrorPage = lazyPage(() => import('../pages/status.page').then((module) => module.ServerErrorPage));
const SessionNotFoundPage = lazyPage(() => import('../pages/status.page').then((module) => module.SessionNotFoundPage));

/**
 * Spec §2's pages of a signed-out visitor, declared once: the guest entry draws them (guest-main.tsx) and the
 * back office's data router takes its guest routes from here (routes.tsx). `guestOnly`: a signed-in visitor
 * goes home instead (the data router's `guestOnly` loader).
 */
export const GUEST_PAGES = [
  { path: PATHS.signIn, page: SignInPage, guestOnly: true },
  { path: PATHS.signUp, page: SignUpPage, guestOnly: true },
  { path: PATHS.forgotPassword, page: ForgotPasswordPage, guestOnly: true },
  { path: '/confirm/:token', page: MerchantWizardPage, guestOnly: true },
  { path: '/reset-password/:token', page: ResetPasswordPage, guestOnly: false },
  { path: '/report-change/:token', page: ReportChangePage, guestOnly: false },
  { path: PATHS.terms, page: TermsPage, guestOnly: false },
  { path: PATHS.serverError, page: ServerErrorPage, guestOnly: false },
  { path: PATHS.notFound, page: SessionNotFoundPage, guestOnly: true },
];

const guestPageAt = (pathname: string) => GUEST_PAGES.find(({ path }) => matchPath(path, pathname));

/**
 * The paths the API answers with the guest entry (the build's prerender manifest, tools/vite/prerender.ts):
 * exactly the guest pages, so that what the guest entry does not draw always loads the back office.
 */
export const GUEST_PAGE_PATTERNS = GUEST_PAGES.map(({ path }) => `^${path.replace(/:\w+/g, '[^/]+')}/?$`);

/** Whether a signed-in visitor at `pathname` belongs home instead (spec §2 gating). */
export const isGuestOnlyPage = (pathname: string): boolean => guestPageAt(pathname)?.guestOnly ?? false;

/**
 * Loads the code of the guest page at `pathname`; resolves at once on any other path. `withParts`: resolves
 * once its lazy parts are in too (the build's prerender draws them inline).
 */
export const preloadGuestPage = (pathname: string, { withParts = false } = {}): Promise<unknown> => {
  const page = guestPageAt(pathname)?.page;
  if (!page) return Promise.resolve();
  return withParts ? page.preloadWhole() : page.preload();
};

// An ordinary load of the address, not a reload (which some browsers make revalidate every subresource).
const loadAddress = () => window.location.replace(window.location.href);
const departures = new WeakMap<() => void, Promise<never>>();

/** Starts `load` once (after this render) and returns what never settles. */
const departure = (load: () => void): Promise<never> => {
  let pending = departures.get(load);
  if (!pending) {
    pending = new Promise<never>(() => undefined);
    departures.set(load, pending);
    queueMicrotask(load);
  }
  return pending;
};

/**
 * Any address that is not a guest page (home once signed in, a link out of the terms...) is the back office's:
 * the browser loads it (`load`: the router has already put the address in the history).
 * Drawn in the navigation's transition, this suspends for good, so the page the visitor leaves (sign-in, once
 * signed in) stays on screen until the browser has the next one.
 */
export const LeaveForBackOffice = ({ load = loadAddress }: { load?: () => void }) => {
  use(departure(load));
  return null;
};

/**
 * The guest pages inside a `<BrowserRouter>`: none needs a loader, so their first load does without the data
 * router (16 kB gzip), which only a build of their own can leave out (react-router is one module: any data
 * router in the same build puts its code in the chunk every page loads). `leave`: what any other address draws.
 */
export const GuestRoutes = ({ leave }: { leave: ReactNode }) => (
  <RouteErrorBoundary>
    <Routes>
      {GUEST_PAGES.map(({ path, page: Page }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route path="*" element={leave} />
    </Routes>
  </RouteErrorBoundary>
);
