import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';

/** Runs `task` once the browser is idle after the current paint (a timer where there is no idle callback). */
const afterPaint = (task: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 0);
  return () => window.clearTimeout(id);
};

/**
 * A component whose code is not needed to draw a page's first frame (a closed modal, a searchable select
 * drawn as a plain field until it loads). Returns a hook: the component once its module is in, else
 * undefined. The download starts after the first paint, or at once when `now` is true (the user reached for
 * it); a failed download (a deploy removed the chunk) is tried again on the next request.
 */
export const loadAfterPaint = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const start = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  return (now: boolean): ComponentType<P> | undefined => {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (component) return undefined;
      let active = true;
      const fetchIt = () =>
        void start().then(
          (done) => active && setComponent(() => done),
          () => undefined,
        );
      if (now) fetchIt();
      const cancel = now ? () => undefined : afterPaint(fetchIt);
      return () => {
        active = false;
        cancel();
      };
    }, [component, now]);
    return component;
  };
};
