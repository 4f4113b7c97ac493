import { Anchor, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { DateText } from '@merchant-hub/ui-kit';
import type { MerchantRow, MerchantSort } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AttentionBadges, StateBadge } from './merchant-badges';

/** Columns the API sorts by; the others are shown as they come. */
type SortKey = 'name' | 'next_billing';

export type MerchantTableProps = {
  rows: readonly MerchantRow[];
  sort: MerchantSort;
  onSort: (sort: MerchantSort) => void;
};

export const mrrText = (row: Pick<MerchantRow, 'mrr_minor' | 'currency'>): string =>
  isCurrencyCode(row.currency) ? formatMoney(row.mrr_minor, row.currency) : `${row.mrr_minor} ${row.currency}`;

const SortHeader = ({ column, label, sort, onSort }: { column: SortKey; label: string } & Pick<MerchantTableProps, 'sort' | 'onSort'>) => {
  const { t } = useTranslation('staff');
  const active = sort === column || sort === `-${column}`;
  const descending = sort === `-${column}`;
  const next = (active && !descending ? `-${column}` : column) as MerchantSort;
  return (
    <Table.Th aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(next)} aria-label={t('directory.sortBy', { column: label })} fw={600} fz="sm">
        {label} {active ? (descending ? '↓' : '↑') : ''}
      </UnstyledButton>
    </Table.Th>
  );
};

const merchantPath = (row: MerchantRow) => `/merchants/${row.user_id}`;

/** The directory's rows: a sortable table on wide screens, one card per merchant on a phone. */
export const MerchantTable = ({ rows, sort, onSort }: MerchantTableProps) => {
  const { t } = useTranslation('staff');
  return (
    <>
      <Table.ScrollContainer minWidth={860} visibleFrom="md">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <SortHeader column="name" label={t('directory.column.merchant')} sort={sort} onSort={onSort} />
              <Table.Th>{t('directory.column.owner')}</Table.Th>
              <Table.Th>{t('directory.column.market')}</Table.Th>
              <Table.Th>{t('directory.column.plan')}</Table.Th>
              <Table.Th>{t('directory.column.state')}</Table.Th>
              <Table.Th ta="right">{t('directory.column.mrr')}</Table.Th>
              <SortHeader column="next_billing" label={t('directory.column.nextBilling')} sort={sort} onSort={onSort} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.user_id}>
                <Table.Td>
                  <Anchor component={Link} to={merchantPath(row)} fw={600}>
                    {row.merchant_name}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {row.stores.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.owner_email}</Text>
                  <Text size="xs" c="dimmed">
                    {row.owner_phone ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>{row.market}</Table.Td>
                <Table.Td>
                  {row.plan_name ?? '—'}
                  {row.period ? (
                    <Text size="xs" c="dimmed">
                      {t(`directory.period.${row.period}`)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <StateBadge state={row.state} />
                    <AttentionBadges reasons={row.attention} />
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">{mrrText(row)}</Table.Td>
                <Table.Td>
                  <DateText value={row.next_billing_at} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="md">
        {rows.map((row) => (
          <Card key={row.user_id} withBorder radius="md" padding="sm" component={Link} to={merchantPath(row)}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text fw={600} truncate>
                  {row.merchant_name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {row.owner_email}
                </Text>
              </Stack>
              <StateBadge state={row.state} />
            </Group>
            <Group justify="space-between" mt="xs" gap="xs">
              <Text size="sm">
                {row.market} · {row.plan_name ?? t('directory.noPlan')}
              </Text>
              <Text size="sm" fw={500}>
                {mrrText(row)}
              </Text>
            </Group>
            <AttentionBadges reasons={row.attention} />
          </Card>
        ))}
      </Stack>
    </>
  );
};
