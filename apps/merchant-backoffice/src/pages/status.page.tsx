import { Button, Container, Group } from '@mantine/core';
import { ErrorState, usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../app/gating';
import { useSessionStore } from '../app/session-context';

/** /session/404 and unknown paths reached with a locale marker. */
export const SessionNotFoundPage = () => {
  const { t } = useTranslation('shell');
  usePageTitle(t('pages.notFoundTitle'));
  const signedIn = useSessionStore().active() !== null;
  return (
    <Container size="sm" py={80}>
      <ErrorState
        title={t('pages.notFoundTitle')}
        description={t('pages.notFoundBody')}
        action={
          <Button component={Link} to={signedIn ? PATHS.home : PATHS.signIn}>
            {signedIn ? t('pages.goHome') : t('pages.goSignIn')}
          </Button>
        }
      />
    </Container>
  );
};

/** /session/500. */
export const ServerErrorPage = () => {
  const { t } = useTranslation('shell');
  usePageTitle(t('pages.serverErrorTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Try again means the page that failed, not this one: `?from=` names it, else the page before.
  const from = params.get('from');
  const handleRetry = () => {
    if (from && from.startsWith('/') && !from.startsWith('//')) void navigate(from);
    else if (window.history.length > 1) void navigate(-1);
    else void navigate(PATHS.home);
  };
  return (
    <Container size="sm" py={80}>
      <ErrorState
        title={t('pages.serverErrorTitle')}
        description={t('pages.serverErrorBody')}
        action={
          <Group>
            <Button onClick={handleRetry}>{t('pages.retry')}</Button>
            <Button component={Link} to={PATHS.home} variant="default">
              {t('pages.goHome')}
            </Button>
          </Group>
        }
      />
    </Container>
  );
};
