import { Alert, Badge, Button, Card, Container, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, isApiError, useChangeStaffRole, useDeactivateStaff, useInviteStaff, useStaffMe, useStaffTeam } from '@merchant-hub/api-client';
import { applyServerFieldErrors, ConfirmModal, DateText, EmptyState, ErrorState, PageLoader, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { staffInviteSchema, TEAM_LOCALES, type StaffInviteInput, type StaffMember, type StaffRole } from '@merchant-hub/validation';
import { LANGUAGE_NAMES } from '@merchant-hub/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const ROLES: StaffRole[] = ['support', 'superadmin'];
const STATUS_COLOR = { active: 'green', invited: 'blue', deactivated: 'gray' } as const;

/** Invite form: the shared schema checks it; the API's field errors land on the same fields. */
const InviteForm = () => {
  const { t } = useTranslation(['team', 'common']);
  const invite = useInviteStaff({ meta: { handlesError: true } });
  const form = useSchemaForm<StaffInviteInput & Record<string, unknown>>({ schema: staffInviteSchema, initialValues: { email: '', name: '', role: 'support', locale: 'en' } });

  const handleSubmit = form.onSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (member) => {
        notifications.show({ color: 'green', message: t('team:invite.sent', { email: member.email }) });
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error) && applyServerFieldErrors(form, error.details, {}, ['email', 'name', 'role', 'locale'])) return;
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
      },
    }),
  );

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={handleSubmit} noValidate aria-labelledby="invite-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invite-title">
          {t('team:invite.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput label={t('team:field.email')} type="email" required key={form.key('email')} {...form.getInputProps('email')} />
          <TextInput label={t('team:field.name')} required key={form.key('name')} {...form.getInputProps('name')} />
          <Select label={t('team:field.role')} data={ROLES.map((role) => ({ value: role, label: t(`team:role.${role}`) }))} allowDeselect={false} key={form.key('role')} {...form.getInputProps('role')} />
          <Select label={t('team:field.language')} data={TEAM_LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))} allowDeselect={false} key={form.key('locale')} {...form.getInputProps('locale')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending}>
            {t('team:invite.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

const MemberRow = ({ member, selfId, onDeactivate }: { member: StaffMember; selfId: number | undefined; onDeactivate: (member: StaffMember) => void }) => {
  const { t } = useTranslation('team');
  const changeRole = useChangeStaffRole({
    meta: { handlesError: true },
    onSuccess: (changed) => notifications.show({ color: 'green', message: t('roleChanged', { name: changed.name, role: t(`role.${changed.role}`) }) }),
    onError: (error) => notifications.show({ color: 'red', message: t(errorMessageKeys(error)) }),
  });
  const inactive = member.status === 'deactivated';
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {member.name}
          {member.id === selfId ? ` ${t('you')}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {member.email}
        </Text>
      </Table.Td>
      <Table.Td miw={150}>
        <Select
          aria-label={t('roleFor', { name: member.name })}
          size="xs"
          data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
          value={member.role}
          allowDeselect={false}
          disabled={inactive || changeRole.isPending}
          onChange={(value) => value && value !== member.role && changeRole.mutate({ userId: member.id, role: value as StaffRole })}
        />
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[member.status]} variant="light">
          {t(`status.${member.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{member.last_sign_in_at ? <DateText value={member.last_sign_in_at} size="sm" /> : <Text size="sm" c="dimmed">{t('never')}</Text>}</Table.Td>
      <Table.Td>
        {inactive ? null : (
          <Button size="xs" variant="default" color="red" onClick={() => onDeactivate(member)}>
            {t('deactivate.action')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/** /team (superadmin only): the staff accounts, an invitation form, role changes and deactivation. */
export const TeamPage = () => {
  const { t } = useTranslation(['team', 'staff']);
  usePageTitle(t('team:title'));
  const me = useStaffMe();
  const superadmin = me.data?.role === 'superadmin';
  const team = useStaffTeam({ meta: { handlesError: true }, enabled: superadmin });
  const [leaving, setLeaving] = useState<StaffMember | null>(null);
  const deactivate = useDeactivateStaff({ meta: { handlesError: true } });

  const handleConfirm = () => {
    if (!leaving) return;
    deactivate.mutate(leaving.id, {
      onSuccess: (member) => {
        notifications.show({ color: 'green', message: t('team:deactivate.done', { name: member.name }) });
        setLeaving(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
        setLeaving(null);
      },
    });
  };

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('team:title')}
        </Title>
        {!superadmin ? (
          <Alert color="yellow" title={t('team:superadminOnly')} />
        ) : (
          <>
            <InviteForm />
            {team.isPending ? (
              <PageLoader label={t('team:loading')} />
            ) : team.isError ? (
              <ErrorState title={t('team:loadFailed')} onRetry={() => void team.refetch()} retryLabel={t('staff:common.retry')} />
            ) : team.data.data.length === 0 ? (
              <EmptyState title={t('team:empty')} />
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="sm" striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('team:column.member')}</Table.Th>
                      <Table.Th>{t('team:column.role')}</Table.Th>
                      <Table.Th>{t('team:column.status')}</Table.Th>
                      <Table.Th>{t('team:column.lastSignIn')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('team:column.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {team.data.data.map((member) => (
                      <MemberRow key={member.id} member={member} selfId={me.data?.id} onDeactivate={setLeaving} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={leaving !== null}
        onCancel={() => setLeaving(null)}
        onConfirm={handleConfirm}
        title={t('team:deactivate.title')}
        confirmLabel={t('team:deactivate.confirm')}
        cancelLabel={t('team:deactivate.cancel')}
        loading={deactivate.isPending}
        destructive
      >
        {t('team:deactivate.message', { name: leaving?.name ?? '', email: leaving?.email ?? '' })}
      </ConfirmModal>
    </Container>
  );
};
