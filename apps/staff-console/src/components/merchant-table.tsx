import { Anchor, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { DateText } from '@merchant-hub/ui-kit';
import type { MerchantRow, MerchantSort } from '@merchant-hub/validation';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useHref, useNavigate } from 'react-router';
import { AttentionBadges, StateBadge } from './merchant-badges';
import { TagBadges } from './merchant-tags';

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

/**
 * The whole row opens the merchant (issue 27 §4). The merchant's name stays the row's one real link, so the
 * keyboard and screen readers meet one tab stop per row with the merchant's name (Enter opens it) and the row
 * shows that focus; a click anywhere else on the row follows the same link (Ctrl/Cmd or the middle button: a new
 * tab), unless it lands on another control or the staff member was selecting text to copy (an e-mail).
 */
const useRowOpener = () => {
  const navigate = useNavigate();
  const base = useHref('/merchants');
  return (event: MouseEvent<HTMLElement>, row: MerchantRow) => {
    if ((event.target as HTMLElement).closest('a, button, input, [role="button"]')) return;
    if (window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey || event.button === 1) {
      window.open(`${base}/${row.user_id}`, '_blank', 'noopener');
      return;
    }
    if (event.button === 0) void navigate(merchantPath(row));
  };
};

/** The directory's rows: a sortable table on wide screens, one card per merchant on a phone. */
export const MerchantTable = ({ rows, sort, onSort }: MerchantTableProps) => {
  const { t } = useTranslation('staff');
  const openRow = useRowOpener();
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
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
              <Table.Tr
                key={row.user_id}
                data-testid="merchant-row"
                onClick={(event) => openRow(event, row)}
                onAuxClick={(event) => openRow(event, row)}
                onFocus={() => setFocusedRow(row.user_id)}
                onBlur={() => setFocusedRow(null)}
                data-focused={focusedRow === row.user_id || undefined}
                style={{ cursor: 'pointer', outline: focusedRow === row.user_id ? '2px solid var(--mantine-primary-color-filled)' : undefined, outlineOffset: -2 }}
              >
                <Table.Td>
                  <Anchor component={Link} to={merchantPath(row)} fw={600}>
                    {row.merchant_name}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {row.stores.join(', ')}
                  </Text>
                  <TagBadges tags={row.tags} label={t('tags.listLabel', { name: row.merchant_name })} />
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
            <TagBadges tags={row.tags} label={t('tags.listLabel', { name: row.merchant_name })} />
          </Card>
        ))}
      </Stack>
    </>
  );
};
