import { Button, Stack, Text } from '@mantine/core';
import { Component, Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRouteError } from 'react-router';
import { RouteLoader } from './route-loader';
import { isStaleChunkError, useReloadForStaleChunk } from './stale-chunk';

export { RouteLoader } from './route-loader';

/**
 * What a failed route shows when the code of its view (route-error-view.tsx) could not be fetched either
 * (offline, or a deploy removed it): a reload for the new build, once, else a plain message and a retry.
 */
const PlainRouteError = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('common');
  if (useReloadForStaleChunk(error)) return <RouteLoader />;
  return (
    <Stack align="center" py="xl" role="alert">
      <Text fw={600}>{t('status.error')}</Text>
      <Button variant="default" onClick={() => window.location.reload()}>
        {t('action.retry')}
      </Button>
    </Stack>
  );
};

// Only a failure draws it: no page's first load carries it (see NotFoundPage).
const LazyRouteErrorView = lazy(() =>
  import('./route-error-view').then(
    (module) => ({ default: module.RouteErrorView }),
    (loadError: unknown) => ({
      default: ({ error }: { error: unknown }) => <PlainRouteError error={isStaleChunkError(loadError) ? loadError : error} />,
    }),
  ),
);

const LazyNotFoundPage = lazy(() => import('./route-error-view').then((module) => ({ default: module.NotFoundPage })));

/**
 * A real 404 inside the app (route-error-view.tsx): says so and links to the app's home. Its code comes when it
 * is drawn, with the error view's: no page's first load carries either.
 */
export const NotFoundPage = () => (
  <Suspense fallback={<RouteLoader />}>
    <LazyNotFoundPage />
  </Suspense>
);

/** What a route that failed shows (route-error-view.tsx): a 404 reads as not found, a stale chunk reloads, anything else offers a retry. */
const RouteErrorView = ({ error }: { error: unknown }) => (
  <Suspense fallback={<RouteLoader />}>
    <LazyRouteErrorView error={error} />
  </Suspense>
);

/** Error element of a data router's routes. */
export const RouteError = () => <RouteErrorView error={useRouteError()} />;

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; resetKey: string };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Another page was opened: try drawing again, as a data router does.
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}

/**
 * `RouteError` for a `<BrowserRouter>` app: what its routes (or their lazy chunks) throw while drawing is shown
 * as the data router's error element shows it, until another page is opened.
 */
export const RouteErrorBoundary = ({ children }: { children: ReactNode }) => {
  const { pathname, search } = useLocation();
  return <ErrorBoundary resetKey={pathname + search}>{children}</ErrorBoundary>;
};
