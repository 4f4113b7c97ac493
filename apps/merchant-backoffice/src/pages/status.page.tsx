import { Button, Container, Group } from '@mantine/core';
import { ErrorState, usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  return (
    <Container size="sm" py={80}>
      <ErrorState
        title={t('pages.serverErrorTitle')}
        description={t('pages.serverErrorBody')}
        action={
          <Group>
            <Button onClick={() => window.location.reload()}>{t('pages.retry')}</Button>
            <Button component={Link} to={PATHS.home} variant="default">
              {t('pages.goHome')}
            </Button>
          </Group>
        }
      />
    </Container>
  );
};
