import { RouteLoader } from '@merchant-hub/ui-kit';
import { Suspense, lazy, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { lazyWithPreload } from './lazy-with-preload';

/** The route's loader while what it draws suspends (its code, texts not in yet). */
export const RouteSuspense = ({ children }: { children: ReactNode }) => <Suspense fallback={<RouteLoader />}>{children}</Suspense>;

/**
 * A page of a `<BrowserRouter>` app in its own chunk, loaded only when a visitor opens it, and the lazy parts
 * it draws (`parts`: a payment form). `preload` fetches the page's code, and its parts at the same time,
 * resolving once the page's is in: a prerendered page is taken over then, its parts hydrating when they land.
 * Rendered afresh (another language, a visit not prerendered), the page waits for its parts too, so it never
 * draws in two steps. `preloadWhole` resolves once the parts are in too (the build's prerender draws them).
 */
export const lazyPage = <P extends object = object>(load: () => Promise<ComponentType<P>>, parts: { preload: () => Promise<unknown> }[] = []) => {
  const LoadedPage = lazyWithPreload(load);
  const preload = () => {
    for (const part of parts) void part.preload().catch(() => undefined);
    return LoadedPage.preload();
  };
  const preloadWhole = () => Promise.all([LoadedPage.preload(), ...parts.map((part) => part.preload())]).then(() => LoadedPage);
  const Whole = lazy(() => preloadWhole().then((component) => ({ default: component as ComponentType<P> })));
  const Page = (props: P) => {
    // Decided once. A page whose code is in when it mounts (a prerendered page taken over) is drawn outside any
    // Suspense boundary: React hydrates a boundary's content in a pass after the root's first commit, and the
    // takeover, which runs after that commit, must find the page's lazy parts there (see LazyPart). Otherwise
    // the route's loader shows until the page and its parts are in.
    const [ready] = useState(LoadedPage.isLoaded);
    return ready ? (
      <LoadedPage {...props} />
    ) : (
      <RouteSuspense>
        <Whole {...props} />
      </RouteSuspense>
    );
  };
  return Object.assign(Page, { preload, preloadWhole });
};
