import { Badge, Button, Card, List, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { type BillingPeriod, descriptionsIn, type Package, type Subscription } from '@merchant-hub/domain';
import { normalizeLocale } from '@merchant-hub/i18n';
import { planButtonState, visiblePlanCards } from '@merchant-hub/billing-rules';
import { formatMoney } from '@merchant-hub/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type PlanCardsProps = {
  packages: Package[];
  subscriptions: Subscription[];
  isStaff: boolean;
  initialPeriod?: BillingPeriod;
  onOrder: (pkg: Package) => void;
};

export const CONTACT_EMAIL = 'sales@merchant-hub.example';

/** Yearly and Monthly tabs of at most five plan cards each, plus the Custom Plan placeholder card (spec §2). */
export const PlanCards = ({ packages, subscriptions, isStaff, initialPeriod = 'monthly', onOrder }: PlanCardsProps) => {
  const { t } = useTranslation('billing');
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('plans.title')}
      </Title>
      <Tabs value={period} onChange={(value) => value && setPeriod(value as BillingPeriod)}>
        <Tabs.List>
          <Tabs.Tab value="yearly" rightSection={<Badge size="xs" color="green">{t('plans.save')}</Badge>}>
            {t('plans.yearly')}
          </Tabs.Tab>
          <Tabs.Tab value="monthly">{t('plans.monthly')}</Tabs.Tab>
        </Tabs.List>
        {(['yearly', 'monthly'] as const).map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 6 }} spacing="md">
              {visiblePlanCards({ packages, period: tab, isStaff }).map((card) =>
                card.kind === 'placeholder' ? (
                  <PlaceholderCard key={`placeholder-${tab}`} />
                ) : (
                  <PlanCard
                    key={card.pkg.id}
                    pkg={card.pkg}
                    callForQuote={card.callForQuote}
                    subscriptions={subscriptions}
                    onOrder={() => onOrder(card.pkg)}
                  />
                ),
              )}
            </SimpleGrid>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
};

type PlanCardProps = { pkg: Package; callForQuote: boolean; subscriptions: Subscription[]; onOrder: () => void };

const limitText = (value: number | '*', unlimited: string): string => (value === '*' ? unlimited : String(value));

const PlanCard = ({ pkg, callForQuote, subscriptions, onOrder }: PlanCardProps) => {
  const { t, i18n } = useTranslation('billing');
  // The feature lines in the page's language where the catalog has them (issue 31 #5), else in English.
  const texts = descriptionsIn(pkg.descriptions, normalizeLocale(i18n.language));
  const button = planButtonState({ pkg, subscriptions });
  const selected = button.label !== 'orderPlan';
  return (
    <Card withBorder radius="md" data-testid={`plan-${pkg.id}`} style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}>
      <Stack gap="xs" h="100%">
        <Title order={3} size="h5">
          {pkg.name}
        </Title>
        {pkg.hide ? (
          <Badge size="xs" color="gray">
            {t('plans.hidden')}
          </Badge>
        ) : null}
        {callForQuote ? (
          <Text fw={700} size="lg">
            {t('plans.callForQuote')}
          </Text>
        ) : (
          <Stack gap={0}>
            {pkg.discount > 0 && pkg.price > pkg.subtotal ? (
              <Text size="sm" c="dimmed" td="line-through">
                {formatMoney(pkg.price, pkg.currency, { trimZeroDecimals: true })}
              </Text>
            ) : null}
            <Text fw={700} size="lg">
              {formatMoney(pkg.subtotal, pkg.currency, { trimZeroDecimals: true })}
              <Text span size="sm" c="dimmed">
                {pkg.billing_period === 'monthly' ? t('plans.perMonth') : t('plans.perYear')}
              </Text>
            </Text>
            {pkg.discount > 0 ? (
              <Badge size="sm" color="green" variant="light">
                {t('plans.discount', { percent: pkg.discount })}
              </Badge>
            ) : null}
          </Stack>
        )}
        {callForQuote ? (
          <Stack gap={4}>
            <Text size="sm">{t('plans.custom.body')}</Text>
            <List size="sm" spacing={2}>
              <List.Item>{t('plans.custom.items.orders')}</List.Item>
              <List.Item>{t('plans.custom.items.store')}</List.Item>
              <List.Item>{t('plans.custom.items.listing')}</List.Item>
              <List.Item>{t('plans.custom.items.staff')}</List.Item>
            </List>
          </Stack>
        ) : (
          <List size="sm" spacing={2}>
            <List.Item>
              {t('usage.items.order')}: {limitText(pkg.max_order, t('usage.unlimited'))}
            </List.Item>
            <List.Item>
              {t('usage.items.item')}: {limitText(pkg.max_item, t('usage.unlimited'))}
            </List.Item>
            <List.Item>
              {t('usage.items.channel')}: {limitText(pkg.max_channel, t('usage.unlimited'))}
            </List.Item>
            <List.Item>
              {t('usage.items.staff')}: {limitText(pkg.max_staff, t('usage.unlimited'))}
            </List.Item>
            {texts.features.slice(0, 4).map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        )}
        <Button
          mt="auto"
          component={callForQuote ? 'a' : 'button'}
          href={callForQuote ? `mailto:${CONTACT_EMAIL}` : undefined}
          variant={selected ? 'light' : 'filled'}
          disabled={!callForQuote && button.disabled}
          onClick={callForQuote ? undefined : onOrder}
        >
          {callForQuote ? t('plans.callForQuote') : t(`plans.button.${button.label}`)}
        </Button>
      </Stack>
    </Card>
  );
};

/** The card appended to every period list (spec §2): a way to ask for help choosing. */
const PlaceholderCard = () => {
  const { t } = useTranslation('billing');
  return (
    <Card withBorder radius="md" bg="var(--mantine-color-gray-light)" data-testid="plan-placeholder">
      <Stack gap="xs" h="100%">
        <Title order={3} size="h5">
          {t('plans.placeholder.title')}
        </Title>
        <Text size="sm">{t('plans.placeholder.body')}</Text>
        <Button mt="auto" variant="outline" component="a" href={`mailto:${CONTACT_EMAIL}`}>
          {t('plans.placeholder.action')}
        </Button>
      </Stack>
    </Card>
  );
};
