import { Anchor, Badge, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@merchant-hub/validation';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auditActionLabel, changeLines } from './audit-labels';

const when = (at: number) => dayjs.unix(at).format('DD/MM/YYYY HH:mm:ss');

const OUTCOME_COLOR: Record<AuditEntry['outcome'], string> = { attempted: 'yellow', succeeded: 'green', refused: 'red' };

const Outcome = ({ entry }: { entry: AuditEntry }) => {
  const { t } = useTranslation('staff');
  return (
    <Stack gap={2}>
      <Badge color={OUTCOME_COLOR[entry.outcome]} variant="light">
        {t(`audit.outcome.${entry.outcome}`)}
      </Badge>
      {entry.error_code ? (
        <Text size="xs" c="red">
          {entry.error_code}
        </Text>
      ) : null}
      {/* A gateway call on a merchant's behalf: the attempt (written before the call) and its outcome name each other. */}
      {entry.outcome === 'attempted' ? (
        <Text size="xs" c="dimmed">
          {t('audit.entryId', { id: entry.id })}
        </Text>
      ) : entry.attempt_id !== null ? (
        <Text size="xs" c="dimmed">
          {t('audit.attemptOf', { id: entry.attempt_id })}
        </Text>
      ) : null}
    </Stack>
  );
};

const Changes = ({ entry }: { entry: AuditEntry }) => {
  const { t } = useTranslation('staff');
  const lines = changeLines(t, { ...entry, currency: entry.merchant?.currency ?? null });
  if (lines.length === 0) return <Text size="xs">—</Text>;
  return (
    <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {lines.join('\n')}
    </Code>
  );
};

const MerchantLink = ({ entry }: { entry: AuditEntry }) =>
  entry.merchant ? (
    <Anchor component={Link} to={`/merchants/${entry.merchant.user_id}`} size="sm">
      {entry.merchant.name}
    </Anchor>
  ) : (
    <Text size="sm">—</Text>
  );

/** The audit log's rows: a table on wide screens, one card per entry on a phone. */
export const AuditEntries = ({ entries }: { entries: readonly AuditEntry[] }) => {
  const { t } = useTranslation('staff');
  return (
    <>
      <Table.ScrollContainer minWidth={1000} visibleFrom="md">
        <Table striped verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.column.at')}</Table.Th>
              <Table.Th>{t('audit.column.staff')}</Table.Th>
              <Table.Th>{t('audit.column.merchant')}</Table.Th>
              <Table.Th>{t('audit.column.action')}</Table.Th>
              <Table.Th>{t('audit.column.outcome')}</Table.Th>
              <Table.Th>{t('audit.column.reason')}</Table.Th>
              <Table.Th>{t('audit.column.changes')}</Table.Th>
              <Table.Th>{t('audit.column.ip')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(entry.at)}</Table.Td>
                <Table.Td>{entry.staff.email}</Table.Td>
                <Table.Td>
                  <MerchantLink entry={entry} />
                </Table.Td>
                <Table.Td>{auditActionLabel(t, entry.action)}</Table.Td>
                <Table.Td>
                  <Outcome entry={entry} />
                </Table.Td>
                <Table.Td maw={240}>{entry.reason ?? '—'}</Table.Td>
                <Table.Td maw={280}>
                  <Changes entry={entry} />
                </Table.Td>
                <Table.Td>{entry.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="md">
        {entries.map((entry) => (
          <Card key={entry.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={600}>
                  {auditActionLabel(t, entry.action)}
                </Text>
                <Text size="xs" c="dimmed">
                  {when(entry.at)} · {entry.ip ?? '—'}
                </Text>
              </Stack>
              <Outcome entry={entry} />
            </Group>
            <Text size="sm" mt={6} truncate>
              {entry.staff.email}
            </Text>
            <MerchantLink entry={entry} />
            {entry.reason ? (
              <Text size="sm" fs="italic" mt={4}>
                {entry.reason}
              </Text>
            ) : null}
            <Changes entry={entry} />
          </Card>
        ))}
      </Stack>
    </>
  );
};
