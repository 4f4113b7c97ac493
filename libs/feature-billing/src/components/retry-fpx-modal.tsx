import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCreateRetryPaymentFpxIntent } from '@merchant-hub/api-client';
import type { OpenInvoiceDue } from '@merchant-hub/domain';
import { formatMoney } from '@merchant-hub/money';
import type { FpxBankCode } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserLocation, useErrorText } from '../notify';
import { useStaffReason } from '../staff-reason';
import { FpxBankSelect } from './fpx-bank-select';

/** The billing page's query when the bank sends the merchant back from paying an open invoice. */
export const FPX_RETRY_FLOW = 'fpx_retry';

export type RetryFpxModalProps = {
  /** Which past-due subscription's open invoice to pay: the plan or the sales-channel add-on. */
  type: 'default' | 'multistore' | null;
  /** The invoice the bank will be asked to pay: its number and amount are shown before the merchant leaves. */
  invoice: OpenInvoiceDue | null;
  userId?: number;
  /** The billing page: the bank sends the merchant back there, marked `flow=fpx_retry`. */
  returnPath: string;
  onClose: () => void;
  /** Leaves the page; replaced in tests. */
  redirect?: (url: string) => void;
};

/** Issue 16 #8: a Malaysian merchant past due pays the open invoice at the bank (FPX), not only by card. */
export const RetryFpxModal = ({ type, invoice, userId, returnPath, onClose, redirect = (url) => browserLocation.assign(url) }: RetryFpxModalProps) => {
  const { t } = useTranslation(['billing', 'errors']);
  const errorText = useErrorText();
  const withReason = useStaffReason();
  const [bank, setBank] = useState<FpxBankCode | null>(null);
  const intent = useCreateRetryPaymentFpxIntent({ meta: { handlesError: true } });

  const handlePay = () => {
    if (!bank || !type) return;
    withReason((fields) =>
      intent.mutate({ type, bank, userId, returnUrl: `${returnPath}?flow=${FPX_RETRY_FLOW}`, ...fields }, { onSuccess: (result) => redirect(result.redirect_url) }),
    );
  };

  return (
    <Modal opened={type !== null} onClose={onClose} title={t('retryFpx.title')} centered>
      <Stack>
        <Text size="sm">{t('retryFpx.body')}</Text>
        {invoice ? (
          <Stack gap={2} p="xs" bg="var(--mantine-color-gray-light)" style={{ borderRadius: 6 }} data-testid="fpx-invoice">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{t('retryFpx.invoice')}</Text>
              <Text size="sm" fw={600}>
                {invoice.number}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{t('retryFpx.amountDue')}</Text>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(invoice.amount_due, invoice.currency)}
              </Text>
            </Group>
          </Stack>
        ) : null}
        <FpxBankSelect value={bank} onChange={setBank} />
        {intent.isError ? (
          <Alert color="red" role="alert">
            {errorText(intent.error)}
          </Alert>
        ) : null}
        <Button onClick={handlePay} disabled={!bank} loading={intent.isPending || intent.isSuccess}>
          {intent.isSuccess ? t('lateSubscribe.redirecting') : invoice ? t('retryFpx.payAmount', { amount: formatMoney(invoice.amount_due, invoice.currency) }) : t('retryFpx.pay')}
        </Button>
      </Stack>
    </Modal>
  );
};
