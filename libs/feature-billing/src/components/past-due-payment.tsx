import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { apiLink } from '@merchant-hub/api-client';
import type { RetryMethod } from '@merchant-hub/billing-rules';
import type { OpenInvoiceDue } from '@merchant-hub/domain';
import { formatMoney } from '@merchant-hub/money';
import { useTranslation } from 'react-i18next';

export type PastDuePaymentProps = {
  /** The open invoice the subscription owes; null while the API does not name one (an older answer). */
  invoice: OpenInvoiceDue | null;
  /** The ways this merchant can actually pay, the first one first (`retryMethods` of billing-rules). */
  methods: readonly RetryMethod[];
  busy?: boolean;
  onRetryCard: () => void;
  onRetryFpx?: () => void;
  onAddCard: () => void;
};

/**
 * What a past-due subscription owes and the ways to pay it (issue 31 #4): the invoice's number and amount, a
 * link to it, and only the methods that can work, the merchant's own first.
 */
export const PastDuePayment = ({ invoice, methods, busy, onRetryCard, onRetryFpx, onAddCard }: PastDuePaymentProps) => {
  const { t } = useTranslation('billing');
  const offered = methods.filter((method) => method !== 'fpx' || onRetryFpx);
  return (
    <Stack gap={6} data-testid="past-due-payment">
      <Text size="sm" c="red" role="status">
        {invoice ? t('pastDue.owed', { number: invoice.number, amount: formatMoney(invoice.amount_due, invoice.currency) }) : t('currentPlan.pastDue')}
      </Text>
      {invoice ? (
        <Anchor href={apiLink(invoice.hosted_invoice_url)} target="_blank" rel="noopener noreferrer" size="sm">
          {t('pastDue.viewInvoice', { number: invoice.number })}
        </Anchor>
      ) : null}
      <Group gap="xs">
        {offered.map((method, index) => {
          const variant = index === 0 ? 'filled' : 'outline';
          if (method === 'card') {
            return (
              <Button key={method} size="xs" color="red" variant={variant} onClick={onRetryCard} loading={busy}>
                {t('currentPlan.retryPayment')}
              </Button>
            );
          }
          if (method === 'fpx') {
            return (
              <Button key={method} size="xs" color="red" variant={variant} onClick={onRetryFpx} disabled={busy}>
                {t('currentPlan.retryByFpx')}
              </Button>
            );
          }
          return (
            <Button key={method} size="xs" color="red" variant={variant} onClick={onAddCard} disabled={busy}>
              {t('pastDue.addCard')}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
};
