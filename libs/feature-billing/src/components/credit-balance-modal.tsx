import { Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useCreditBalance } from '@merchant-hub/api-client';
import type { CreditBalanceCursor } from '@merchant-hub/api-client';
import { formatCreditBalance, formatCreditChange, formatMoney } from '@merchant-hub/money';
import { EmptyState, ErrorState, formatDate } from '@merchant-hub/ui-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBillingTexts } from '../billing-texts';

export type CreditBalanceModalProps = { opened: boolean; userId?: number; onClose: () => void };

/*
 * The ledger stores a balance the merchant owes (positive debit, negative credit, spec §3); the screen reads it
 * as the merchant does, through libs/money's credit formatters (the staff timeline uses the same): an entry that
 * adds credit reads `+RM 25.00` (green), one that uses it `-RM 25.00`, and the balance column is the credit left
 * (`RM 25.00`), as the Available credit line above.
 */

/** The credit ledger, ten entries a page, newest first; Newer/Older page with the first/last entry as cursor. */
export const CreditBalanceModal = ({ opened, userId, onClose }: CreditBalanceModalProps) => {
  const { t } = useTranslation('billing');
  const { ledgerText } = useBillingTexts();
  const [cursor, setCursor] = useState<CreditBalanceCursor>({});
  const ledger = useCreditBalance({ userId, cursor }, { enabled: opened, meta: { handlesError: true } });
  const data = ledger.data;
  const rows = data?.balanceTransactions.data ?? [];
  const close = () => {
    setCursor({});
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('creditBalance.title')} centered size="xl">
      {ledger.isError ? (
        <ErrorState title={t('creditBalance.loadFailed')} onRetry={() => void ledger.refetch()} retryLabel={t('page.retry')} />
      ) : !data ? (
        <Loader aria-label={t('page.loading')} />
      ) : (
        <Stack>
          <Text>
            {t('creditBalance.available')}:{' '}
            <Text span fw={700} data-testid="credit-available">
              {formatMoney(Math.max(0, -data.balance.balance), data.balance.currency)}
            </Text>
          </Text>
          {rows.length === 0 ? (
            <EmptyState title={t('creditBalance.empty')} />
          ) : (
            <Table.ScrollContainer minWidth={280}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th visibleFrom="sm">{t('creditBalance.date')}</Table.Th>
                    <Table.Th>{t('creditBalance.description')}</Table.Th>
                    <Table.Th ta="right">{t('creditBalance.amount')}</Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      {t('creditBalance.endingBalance')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td visibleFrom="sm">{formatDate(row.created)}</Table.Td>
                      <Table.Td>
                        {ledgerText(row)}
                        {/* Narrow screens fold the date under the description so the amount stays in view. */}
                        <Text hiddenFrom="sm" size="xs" c="dimmed">
                          {formatDate(row.created)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" c={row.amount < 0 ? 'green' : undefined} style={{ whiteSpace: 'nowrap' }} data-testid="credit-change">
                        {formatCreditChange(row.amount, row.currency)}
                      </Table.Td>
                      <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }} data-testid="credit-left">
                        {formatCreditBalance(row.ending_balance, row.currency)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={!data.balanceTransactions.hasPrevious || rows.length === 0}
              onClick={() => setCursor({ ending_before: rows[0].id })}
            >
              {t('creditBalance.newer')}
            </Button>
            <Button
              variant="default"
              disabled={!data.balanceTransactions.hasNext || rows.length === 0}
              onClick={() => setCursor({ starting_after: rows[rows.length - 1].id })}
            >
              {t('creditBalance.older')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
