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
 * drawn as a plain field until it loads). Returns a hook: the component once its module is in and the user
 * has reached for it (`now` true once), or at once when its module was already in; else undefined. The
 * download starts after the first paint, or at once when `now` is true; a failed download (a deploy removed
 * the chunk) is tried again on the next request.
 *
 * The code is fetched early but drawn only when wanted: swapping three Selects in as soon as their code
 * arrived mounted each one's hidden list (Mantine keeps it mounted for the keyboard) and positioned it, one
 * task of 150–250 ms at 4x CPU throttling during the checkout's load (issue 30).
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
      if (!now) return afterPaint(() => void start().catch(() => undefined));
      let active = true;
      void start().then(
        (done) => active && setComponent(() => done),
        () => undefined,
      );
      return () => {
        active = false;
      };
    }, [component, now]);
    return component;
  };
};
