import { Alert, Anchor, Container, Group, Text } from '@mantine/core';
import { useMerchantDetail } from '@merchant-hub/api-client';
import { BillingScopeProvider } from '@merchant-hub/feature-billing';
import { EmptyState, PageLoader } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useReadOnly } from '../app/read-only';
import { useMerchantUserId } from './merchant.page';

export const billingPaths = (userId: number) => ({
  billing: `/merchants/${userId}/billing`,
  upgrade: `/merchants/${userId}/billing/upgrade`,
  addOn: `/merchants/${userId}/billing/add-on`,
});

/**
 * /merchants/:userId/billing/*: the merchant's own billing screens in staff scope (hidden plans, invoice PDFs, a
 * reason before every money change) under a banner that names the merchant and leads back out.
 */
export const MerchantBillingLayout = () => {
  const { t } = useTranslation('staff');
  const userId = useMerchantUserId();
  const readOnly = useReadOnly();
  const detail = useMerchantDetail(userId ?? 0, { enabled: userId !== null && !readOnly, meta: { handlesError: true } });
  if (userId === null) return <EmptyState title={t('merchant.notFound')} />;
  // Read-only staff never act on behalf (issue 27 capability 4): the merchant page shows them what there is.
  if (readOnly)
    return (
      <Container size="md" py="md">
        <Alert color="yellow" title={t('readOnly.noActing')}>
          <Anchor component={Link} to={`/merchants/${userId}`} size="sm">
            {t('actOnBehalf.exit')}
          </Anchor>
        </Alert>
      </Container>
    );
  const name = detail.data?.merchant.merchant_name;
  return (
    <>
      <Alert
        color="orange"
        variant="filled"
        radius={0}
        role="status"
        aria-live="polite"
        style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 60px)', zIndex: 150 }}
        data-testid="acting-banner"
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={600} size="sm">
            {name ? t('actOnBehalf.banner', { name, email: detail.data?.owner.email ?? '' }) : t('actOnBehalf.bannerLoading')}
          </Text>
          <Anchor component={Link} to={`/merchants/${userId}`} c="white" fw={700} size="sm" underline="always">
            {t('actOnBehalf.exit')}
          </Anchor>
        </Group>
      </Alert>
      <Container size="xl" py="md">
        {detail.isPending ? (
          <PageLoader label={t('merchant.loading')} />
        ) : (
          <BillingScopeProvider value={{ userId, isStaff: true, paths: billingPaths(userId) }}>
            <Outlet />
          </BillingScopeProvider>
        )}
      </Container>
    </>
  );
};
