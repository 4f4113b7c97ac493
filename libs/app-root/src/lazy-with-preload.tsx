import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * A component in its own chunk. `preload` fetches it ahead of a render (once); once in, it draws straight away,
 * without suspending (prerendered markup is hydrated as it is), else it suspends until its code is in.
 */
export const lazyWithPreload = <P extends object = object>(load: () => Promise<ComponentType<P>>) => {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (offline, a deploy removed the chunk) is tried again by the next render.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Component = (props: P) => {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  };
  return Object.assign(Component, { preload, isLoaded: () => loaded !== null });
};
