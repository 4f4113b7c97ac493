import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { usePayInvoiceWithEcpay } from '@merchant-hub/api-client';
import { postHostedForm } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../notify';
import { useStaffReason } from '../staff-reason';

/** The billing page's query when ECPay sends the merchant back after paying an invoice. */
export const ECPAY_RETURN_FLOW = 'ecpay';

export type EcpayPayButtonProps = {
  /** The open TWD invoice to pay; without it, the plan's open (past-due) one. */
  invoiceId?: string;
  userId?: number;
  /** The billing page: ECPay sends the merchant back there. */
  returnPath: string;
  label?: string;
  size?: 'xs' | 'sm' | 'md';
  variant?: 'filled' | 'outline' | 'light';
  /** Posts ECPay's form; replaced in tests. */
  post?: (action: string, fields: Readonly<Record<string, string>>) => void;
};

/**
 * Issue 25 #4: pays an open New Taiwan dollar invoice through ECPay. The API signs the order; the browser posts it
 * to ECPay's cashier, where the merchant pays by card; ECPay tells the API, which marks the invoice paid once.
 */
export const EcpayPayButton = ({ invoiceId, userId, returnPath, label, size = 'sm', variant = 'filled', post = postHostedForm }: EcpayPayButtonProps) => {
  const { t } = useTranslation(['billing', 'errors']);
  const errorText = useErrorText();
  const withReason = useStaffReason();
  const pay = usePayInvoiceWithEcpay({ meta: { handlesError: true } });
  const handlePay = () =>
    withReason((fields) => pay.mutate({ invoiceId, userId, returnUrl: returnPath, ...fields }, { onSuccess: (order) => post(order.action, order.fields) }));
  return (
    <Stack gap={4} align="flex-start">
      <Button size={size} variant={variant} onClick={handlePay} loading={pay.isPending || pay.isSuccess} data-testid="pay-with-ecpay">
        {pay.isSuccess ? t('ecpay.redirecting') : (label ?? t('ecpay.pay'))}
      </Button>
      {pay.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorText(pay.error)}
        </Text>
      ) : null}
    </Stack>
  );
};

/** The past-due banner of a Taiwanese merchant: the renewal is unpaid; pay it through ECPay now. */
export const PastDueEcpayBanner = ({ userId, returnPath }: { userId?: number; returnPath: string }) => {
  const { t } = useTranslation('billing');
  return (
    <Alert color="red" variant="light" title={t('ecpay.bannerTitle')} data-testid="past-due-banner">
      <Stack gap="sm">
        <Text size="sm">{t('ecpay.bannerBody')}</Text>
        <Group>
          <EcpayPayButton userId={userId} returnPath={returnPath} />
        </Group>
      </Stack>
    </Alert>
  );
};

export type EcpayInvoiceLinkModalProps = { invoiceId: string | null; userId?: number; returnPath: string; onClose: () => void };

/** The payment-failed e-mail's link (`?pay=ecpay&invoice=`) opens this: pay that invoice through ECPay. */
export const EcpayInvoiceLinkModal = ({ invoiceId, userId, returnPath, onClose }: EcpayInvoiceLinkModalProps) => {
  const { t } = useTranslation('billing');
  return (
    <Modal opened={invoiceId !== null} onClose={onClose} title={t('ecpay.linkTitle')} centered>
      <Stack>
        <Text size="sm">{t('ecpay.linkBody')}</Text>
        {invoiceId ? <EcpayPayButton invoiceId={invoiceId} userId={userId} returnPath={returnPath} /> : null}
        <Button variant="subtle" onClick={onClose}>
          {t('ecpay.notNow')}
        </Button>
      </Stack>
    </Modal>
  );
};
