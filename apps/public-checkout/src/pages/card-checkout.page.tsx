import { useTranslation } from 'react-i18next';
import { CheckoutLayout } from '../app/checkout-layout';

/** `/subscribe/:packageId/:type?`: card checkout; `type` `fpx` selects the bank-transfer variant (spec §2). */
export const CardCheckoutPage = () => {
  const { t } = useTranslation('common');
  return <CheckoutLayout title={t('page.checkout.paymentDetails', { defaultValue: 'Payment Details' })} />;
};
