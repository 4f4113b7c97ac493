import { useTranslation } from 'react-i18next';
import { CheckoutLayout } from '../app/checkout-layout';

/** `/subscribe-payment/:packageId`: the Taiwan gateway checkout priced in TWD (spec §2). */
export const GatewayCheckoutPage = () => {
  const { t } = useTranslation('common');
  return <CheckoutLayout title={t('page.checkout.gateway', { defaultValue: 'Checkout' })} />;
};
