import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useStaffAccess } from '@merchant-hub/api-client';
import { formatDate } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';

type AccessKind = 'viewed' | 'billing' | 'credit' | 'invoice' | 'account' | 'profile' | 'clock';

/** What a staff entry was, in the merchant's words (the audit log's action names are for staff). */
export const accessKindOf = (action: string): AccessKind => {
  if (action === 'merchant.viewed') return 'viewed';
  if (action.startsWith('credit.') || action === 'subscription.comp_month') return 'credit';
  if (action.startsWith('invoice.')) return 'invoice';
  if (action === 'merchant.profile_updated' || action === 'merchant.avatar_updated') return 'profile';
  if (action.startsWith('merchant.')) return 'account';
  if (action.startsWith('clock.') || action.startsWith('sandbox.')) return 'clock';
  return 'billing';
};

/**
 * Issue 10 §9: the merchant sees when support looked at or changed their account, and why. Staff are named by
 * role only (never by e-mail).
 */
export const StaffAccessCard = () => {
  const { t } = useTranslation('profile');
  const access = useStaffAccess({ meta: { handlesError: true }, retry: false });
  return (
    <Card withBorder radius="md" maw={640} component="section" aria-labelledby="staff-access-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="staff-access-title">
            {t('staffAccess.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('staffAccess.intro')}
          </Text>
        </Stack>
        {access.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('staffAccess.loading')}</Text>
          </Group>
        ) : access.isError ? (
          <Group justify="space-between" role="alert">
            <Text size="sm" c="red">
              {t('staffAccess.error')}
            </Text>
            <Button size="xs" variant="light" onClick={() => void access.refetch()}>
              {t('staffAccess.retry')}
            </Button>
          </Group>
        ) : access.data.data.length === 0 ? (
          <Text size="sm" data-testid="staff-access-empty">
            {t('staffAccess.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {access.data.data.map((entry, index) => {
              const kind = accessKindOf(entry.action);
              return (
                <Stack key={`${entry.at}-${index}`} gap={0} component="li" data-kind={kind}>
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Text size="sm" fw={500}>
                      {t(`staffAccess.kind.${kind}`, { role: t(`staffAccess.role.${entry.staff_role}`) })}
                    </Text>
                    <Group gap="xs">
                      <Badge size="sm" variant="light" color={kind === 'viewed' ? 'gray' : 'blue'}>
                        {t(kind === 'viewed' ? 'staffAccess.looked' : 'staffAccess.changed')}
                      </Badge>
                      <Text size="xs" c="dimmed" component="time" dateTime={new Date(entry.at * 1000).toISOString()}>
                        {formatDate(entry.at)}
                      </Text>
                    </Group>
                  </Group>
                  {entry.reason ? (
                    <Text size="xs" c="dimmed">
                      {t('staffAccess.reason', { reason: entry.reason })}
                    </Text>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
};
