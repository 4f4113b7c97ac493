import { Button, Container } from '@mantine/core';
import { Component, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorState } from './error-state';
import { PageLoader } from './page-loader';
import { usePageTitle } from './page-title';
import { isStaleChunkError, reloadOnceForStaleChunk } from './stale-chunk';

/** Shown while a lazy route's code loads for the first time (the router's hydrate fallback). */
export const RouteLoader = () => {
  const { t } = useTranslation('common');
  return <PageLoader label={t('status.loading')} />;
};

/** A real 404 inside the app: says so and links to the app's home (`/` below the router's basename). */
export const NotFoundPage = () => {
  const { t } = useTranslation(['common', 'errors']);
  const title = t('common:page.notFound');
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <ErrorState
        title={title}
        description={t('errors:general.notFound')}
        action={
          <Button component={Link} to="/" variant="default">
            {t('common:action.back')}
          </Button>
        }
      />
    </Container>
  );
};

/** What a route that failed shows: a 404 reads as not found, a stale chunk reloads, anything else offers a retry. */
const RouteErrorView = ({ error }: { error: unknown }) => {
  const { t } = useTranslation(['common', 'errors']);
  const staleChunk = isStaleChunkError(error);
  const [reloadRefused, setReloadRefused] = useState(false);
  useEffect(() => {
    if (staleChunk && !reloadOnceForStaleChunk(error)) setReloadRefused(true);
  }, [error, staleChunk]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (staleChunk && !reloadRefused) return <RouteLoader />;
  return (
    <Container size="sm" py="xl">
      <ErrorState
        title={t('common:status.error')}
        description={t('errors:general.tryAgain')}
        onRetry={() => window.location.reload()}
        retryLabel={t('common:action.retry')}
      />
    </Container>
  );
};

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
