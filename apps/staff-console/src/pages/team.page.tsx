import { Alert, Badge, Button, Card, Container, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError, useChangeStaffRole, useDeactivateStaff, useInviteStaff, useReactivateStaff, useStaffMe, useStaffTeam } from '@merchant-hub/api-client';
import { applyServerFieldErrors, DateText, EmptyState, ErrorState, PageLoader, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { staffInviteSchema, TEAM_LOCALES, type StaffInviteInput, type StaffMember, type StaffRole } from '@merchant-hub/validation';
import { LANGUAGE_NAMES } from '@merchant-hub/i18n';
import { useTranslation } from 'react-i18next';
import { type AdminChange, useAdminReason } from '../components/admin-reason';

const ROLES: StaffRole[] = ['support', 'superadmin', 'readonly'];
const STATUS_COLOR = { active: 'green', invited: 'blue', deactivated: 'gray' } as const;

/** The invitation's own fields; its reason is asked in the step after (issue 27 §8). */
const inviteFormSchema = staffInviteSchema.omit({ reason: true });
type InviteFormValues = Omit<StaffInviteInput, 'reason'>;

/** Invite form: the shared schema checks it; the API's field errors land on the same fields. */
const InviteForm = ({ ask }: { ask: (change: AdminChange) => void }) => {
  const { t } = useTranslation(['team', 'common']);
  const invite = useInviteStaff({ meta: { handlesError: true } });
  const form = useSchemaForm<InviteFormValues & Record<string, unknown>>({ schema: inviteFormSchema, initialValues: { email: '', name: '', role: 'support', locale: 'en' } });

  const handleSubmit = form.onSubmit((values) =>
    ask({
      confirmLabel: t('team:invite.submit'),
      run: (reason) =>
        invite.mutateAsync({ ...values, reason }).then(
          (member) => {
            notifications.show({ color: 'green', message: t('team:invite.sent', { email: member.email }) });
            form.reset();
          },
          (error: unknown) => {
            // A field of the form: shown on it (the step closes); anything else stays in the step.
            if (isApiError(error) && applyServerFieldErrors(form, error.details, {}, ['email', 'name', 'role', 'locale'])) return;
            throw error;
          },
        ),
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

/** `ask` absent: the row only shows the member (read-only staff). */
const MemberRow = ({ member, selfId, ask }: { member: StaffMember; selfId: number | undefined; ask?: (change: AdminChange) => void }) => {
  const { t } = useTranslation('team');
  const changeRole = useChangeStaffRole({ meta: { handlesError: true } });
  const deactivate = useDeactivateStaff({ meta: { handlesError: true } });
  const reactivate = useReactivateStaff({ meta: { handlesError: true } });
  const handleRole = (role: StaffRole) =>
    ask?.({
      description: t('roleChange.message', { name: member.name, role: t(`role.${role}`) }),
      run: (reason) => changeRole.mutateAsync({ userId: member.id, role, reason }).then((changed) => notifications.show({ color: 'green', message: t('roleChanged', { name: changed.name, role: t(`role.${changed.role}`) }) })),
    });
  const handleDeactivate = () =>
    ask?.({
      title: t('deactivate.title'),
      description: t('deactivate.message', { name: member.name, email: member.email }),
      confirmLabel: t('deactivate.confirm'),
      destructive: true,
      run: (reason) => deactivate.mutateAsync({ userId: member.id, reason }).then((changed) => notifications.show({ color: 'green', message: t('deactivate.done', { name: changed.name }) })),
    });
  const handleReactivate = () =>
    ask?.({
      title: t('reactivate.title'),
      description: t('reactivate.message', { name: member.name, email: member.email, role: t(`role.${member.role}`) }),
      confirmLabel: t('reactivate.confirm'),
      run: (reason) => reactivate.mutateAsync({ userId: member.id, reason }).then((changed) => notifications.show({ color: 'green', message: t('reactivate.done', { name: changed.name }) })),
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
        {!ask ? (
          <Text size="sm">{t(`role.${member.role}`)}</Text>
        ) : (
          <Select
            aria-label={t('roleFor', { name: member.name })}
            size="xs"
            data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            value={member.role}
            allowDeselect={false}
            disabled={inactive || changeRole.isPending}
            onChange={(value) => value && value !== member.role && handleRole(value as StaffRole)}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[member.status]} variant="light">
          {t(`status.${member.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{member.last_sign_in_at ? <DateText value={member.last_sign_in_at} size="sm" /> : <Text size="sm" c="dimmed">{t('never')}</Text>}</Table.Td>
      <Table.Td>
        {!ask ? null : inactive ? (
          <Button size="xs" variant="default" onClick={handleReactivate} aria-label={t('reactivate.actionFor', { name: member.name })}>
            {t('reactivate.action')}
          </Button>
        ) : (
          <Button size="xs" variant="default" color="red" onClick={handleDeactivate}>
            {t('deactivate.action')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/** /team (superadmin; read-only staff see the list only): the staff accounts, an invitation form, role changes and deactivation. */
export const TeamPage = () => {
  const { t } = useTranslation(['team', 'staff']);
  usePageTitle(t('team:title'));
  const me = useStaffMe();
  const superadmin = me.data?.role === 'superadmin';
  const readOnly = me.data?.role === 'readonly';
  const team = useStaffTeam({ meta: { handlesError: true }, enabled: superadmin || readOnly });
  // Every team change asks why first (issue 27 §8); the reason goes to the audit log.
  const reasons = useAdminReason();

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('team:title')}
        </Title>
        {!superadmin && !readOnly ? (
          <Alert color="yellow" title={t('team:superadminOnly')} />
        ) : (
          <>
            {superadmin ? <InviteForm ask={reasons.ask} /> : null}
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
                      <MemberRow key={member.id} member={member} selfId={me.data?.id} ask={superadmin ? reasons.ask : undefined} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
      {reasons.modal}
    </Container>
  );
};
