import { Suspense, createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/** Where a `LazyPart` says, once drawn, that it has hydrated: the takeover of a prerendered page waits for it. */
export const LazyParts = createContext<((hydrated: Promise<void>) => void) | null>(null);

const Mounted = ({ onMount }: { onMount: () => void }) => {
  useEffect(onMount, [onMount]);
  return null;
};

export type LazyPartProps = {
  /** Drawn only when the part is rendered afresh before its code is in (a prerendered part stays as it is). */
  fallback: ReactNode;
  /** The lazy component(s). */
  children: ReactNode;
};

/**
 * A part of a page whose code is not in the page's first load (a payment form): it is prerendered with the
 * page, and when the page is taken over before its code is in, React keeps its markup on screen and hydrates it
 * when the code lands, while the rest of the page already runs. The takeover (typed text replayed, held submit)
 * waits until it has hydrated too.
 *
 * Until then React cannot change it: what is above it must not redraw it (new props, a context's new value), or
 * React drops the markup for the fallback. Keep its element stable (`useMemo`) and draw it where nothing above
 * redraws before the part's code is in. And draw it outside any other Suspense boundary: React hydrates a
 * boundary's content after the root's first commit, after the takeover has looked for lazy parts to wait for.
 */
export const LazyPart = ({ fallback, children }: LazyPartProps) => {
  const register = useContext(LazyParts);
  const [hydrated] = useState(() => {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  });
  useEffect(() => register?.(hydrated.promise), [register, hydrated]);
  return (
    <Suspense fallback={fallback}>
      {children}
      <Mounted onMount={hydrated.resolve} />
    </Suspense>
  );
};

/**
 * True while the root takes prerendered markup over: its page and the page's lazy parts hydrating (AppShell's
 * `hydrating`, turned off in a transition once they all have). False without a provider (a test's tree).
 */
export const Hydrating = createContext(false);

/**
 * False while a component hydrates prerendered markup, true from the render after the takeover on (and from the
 * first in a render from scratch). A `LazyPart` hydrated after the page must first draw what the markup shows,
 * although the page's queries may have answered meanwhile: what it draws from them waits for this. The switch
 * is a transition (in slices): read through `useSyncExternalStore`, whose server and client values differ, it
 * was a blocking re-render of the whole payment form right after its hydration (300-480 ms at 4x CPU throttling).
 */
export const useHydrated = (): boolean => !useContext(Hydrating);
