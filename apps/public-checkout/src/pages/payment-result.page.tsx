import { useTranslation } from 'react-i18next';
import { CheckoutLayout } from '../app/checkout-layout';

/** `/subscribe-payment-result/:token`: where the gateway returns the buyer after paying (spec §2). */
export const PaymentResultPage = () => {
  const { t } = useTranslation('common');
  return <CheckoutLayout title={t('page.checkout.result', { defaultValue: 'Payment result' })} />;
};
