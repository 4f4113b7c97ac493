import { Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useRedemptions } from '@merchant-hub/api-client';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { DateText, EmptyState, ErrorState, PageLoader } from '@merchant-hub/ui-kit';
import type { Promotion } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Every redemption of one code: the merchant (linked to its page), the invoice and the discount it gave. */
export const RedemptionsModal = ({ promotion, onClose }: { promotion: Promotion; onClose: () => void }) => {
  const { t } = useTranslation(['catalog', 'staff']);
  const redemptions = useRedemptions(promotion.id, { meta: { handlesError: true } });
  return (
    <Modal opened onClose={onClose} title={t('redemptions.title', { code: promotion.code })} size="xl" centered>
      <Stack gap="sm">
        {redemptions.isPending ? (
          <PageLoader label={t('redemptions.loading')} />
        ) : redemptions.isError ? (
          <ErrorState title={t('redemptions.loadFailed')} onRetry={() => void redemptions.refetch()} retryLabel={t('staff:common.retry')} />
        ) : redemptions.data.data.length === 0 ? (
          <EmptyState title={t('redemptions.empty')} />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('redemptions.merchant')}</Table.Th>
                  <Table.Th>{t('redemptions.invoice')}</Table.Th>
                  <Table.Th>{t('redemptions.amount')}</Table.Th>
                  <Table.Th>{t('redemptions.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {redemptions.data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      {row.user_id ? (
                        <Anchor component={Link} to={`/merchants/${row.user_id}`} onClick={onClose}>
                          {row.merchant_name}
                        </Anchor>
                      ) : (
                        row.merchant_name
                      )}
                    </Table.Td>
                    <Table.Td>{row.invoice_number ?? <Text c="dimmed">{t('redemptions.pending')}</Text>}</Table.Td>
                    <Table.Td>{row.discount !== null && row.currency && isCurrencyCode(row.currency) ? formatMoney(row.discount, row.currency) : '—'}</Table.Td>
                    <Table.Td>
                      <DateText value={row.created_at} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('redemptions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
