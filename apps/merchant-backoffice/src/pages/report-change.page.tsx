import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { errorMessageKeys, useContactChange, useReportContactChange } from '@merchant-hub/api-client';
import { PageLoader, formatDate, usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PATHS } from '../app/gating';
import { AuthLayout } from '../session/auth-layout';

/**
 * /report-change/{token}: the link e-mailed to the address a change of e-mail or phone replaced (issue 26).
 * "This was not me" restores the previous details, ends every session and cancels every reset link.
 */
export const ReportChangePage = () => {
  const { t } = useTranslation(['account', 'errors', 'common']);
  usePageTitle(t('account:reportChange.title'));
  const { token = '' } = useParams();
  const change = useContactChange(token);
  const report = useReportContactChange({ meta: { handlesError: true } });

  let body;
  if (change.isPending) body = <PageLoader label={t('common:status.loading')} />;
  else if (change.isError)
    body = (
      <Alert color="red" role="alert">
        {t('account:reportChange.invalidLink')}
      </Alert>
    );
  else if (report.isSuccess)
    body = (
      <Stack gap="md">
        <Alert color={report.data.restored ? 'green' : 'yellow'} role="status">
          {t(report.data.restored ? 'account:reportChange.done' : 'account:reportChange.doneNotRestored')}
        </Alert>
        <Button component={Link} to={PATHS.forgotPassword}>
          {t('account:reportChange.resetPassword')}
        </Button>
      </Stack>
    );
  else {
    const what = change.data.email_changed ? (change.data.phone_changed ? 'whatBoth' : 'whatEmail') : 'whatPhone';
    const by = change.data.changed_by === 'staff' ? 'byStaff' : 'byUser';
    body = (
      <Stack gap="md">
        <Text>
          {t(`account:reportChange.${what}`)} {t(`account:reportChange.${by}`, { date: formatDate(change.data.changed_at) })}
        </Text>
        <Text size="sm">{t('account:reportChange.explain')}</Text>
        {report.isError ? (
          <Alert color="red" role="alert">
            {t(errorMessageKeys(report.error))}
          </Alert>
        ) : null}
        <Button color="red" onClick={() => report.mutate(token)} loading={report.isPending}>
          {t('account:reportChange.submit')}
        </Button>
      </Stack>
    );
  }

  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('account:reportChange.title')}
        </Title>
        {body}
      </Stack>
    </AuthLayout>
  );
};
