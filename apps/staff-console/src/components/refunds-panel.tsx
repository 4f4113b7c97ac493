import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRefundableInvoices } from '@merchant-hub/api-client';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { DateText } from '@merchant-hub/ui-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadOnly } from '../app/read-only';
import { RefundModal, type RefundTarget } from './refund-modal';

/** The merchant's latest paid invoices, their credit notes, and a refund button where money can go back. */
export const RefundsPanel = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('staff');
  const readOnly = useReadOnly();
  const invoices = useRefundableInvoices(userId, { meta: { handlesError: true } });
  const [target, setTarget] = useState<RefundTarget | null>(null);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="refunds-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('refunds.panel.title')}
        </Title>
        {invoices.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('refunds.panel.loading')}</Text>
          </Group>
        ) : invoices.isError ? (
          <Alert color="red">{t('refunds.panel.loadFailed')}</Alert>
        ) : invoices.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('refunds.panel.empty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {invoices.data.data.map((invoice) => {
              const currency = isCurrencyCode(invoice.currency) ? invoice.currency : null;
              const money = (minor: number) => (currency ? formatMoney(minor, currency) : String(minor));
              return (
                <Stack key={invoice.id} gap={4} component="li">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {invoice.number}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('refunds.panel.paid', { amount: money(invoice.paid_minor) })}
                        {invoice.paid_at ? (
                          <>
                            {' · '}
                            <DateText value={invoice.paid_at} />
                          </>
                        ) : null}
                        {invoice.refunded_minor > 0 ? ` · ${t('refunds.panel.refunded', { amount: money(invoice.refunded_minor) })}` : ''}
                      </Text>
                    </Stack>
                    {invoice.method && currency && invoice.refundable_minor > 0 && !readOnly ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('refunds.panel.refundFor', { number: invoice.number })}
                        onClick={() => setTarget({ id: invoice.id, number: invoice.number, currency, refundableMinor: invoice.refundable_minor })}
                      >
                        {t('refunds.panel.refund')}
                      </Button>
                    ) : !invoice.method && !readOnly ? (
                      <Text size="xs" c="dimmed">
                        {t('refunds.panel.notRefundable')}
                      </Text>
                    ) : null}
                  </Group>
                  {invoice.credit_notes.map((note) => (
                    <Text key={note.number} size="xs">
                      {t('refunds.panel.creditNote', { number: note.number, amount: money(note.amount) })}
                    </Text>
                  ))}
                  {invoice.pending_approval > 0 ? (
                    <Badge color="yellow" variant="light" size="sm">
                      {t('refunds.panel.pending', { count: invoice.pending_approval })}
                    </Badge>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        )}
      </Stack>
      <RefundModal
        invoice={target}
        onClose={() => setTarget(null)}
        onDone={(result) =>
          notifications.show({
            color: 'green',
            message: result.refund.status === 'pending_approval' ? t('refunds.done.pending') : t('refunds.done.succeeded', { number: result.refund.credit_note_number ?? '' }),
          })
        }
      />
    </Card>
  );
};
