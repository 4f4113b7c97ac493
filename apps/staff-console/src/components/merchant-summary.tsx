import { Badge, Button, Card, Group, List, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InvoiceAction } from '@merchant-hub/api-client';
import type { CurrencyCode } from '@merchant-hub/domain';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { DateText } from '@merchant-hub/ui-kit';
import type { MerchantDetail } from '@merchant-hub/validation';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const money = (minor: number, currency: string) => (isCurrencyCode(currency) ? formatMoney(minor, currency as CurrencyCode) : `${minor} ${currency}`);

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" ta="right" component="div" ml="auto" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Group>
);

const Section = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Card withBorder radius="md" padding="lg">
    <Group justify="space-between" mb="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {action}
    </Group>
    <Stack gap={6}>{children}</Stack>
  </Card>
);

export type MerchantSummaryProps = {
  detail: MerchantDetail;
  /** The change callbacks; each control is left out without its callback (read-only staff). */
  onAdjustCredit?: () => void;
  onLiftBan?: () => void;
  onInvoiceAction?: (invoice: MerchantDetail['open_invoices'][number], action: InvoiceAction) => void;
};

/** Who the merchant is and where its billing stands: owner, plan, money, cards, stores, users, open invoices. */
export const MerchantSummary = ({ detail, onAdjustCredit, onLiftBan, onInvoiceAction }: MerchantSummaryProps) => {
  const { t } = useTranslation(['staff', 'billing']);
  const { merchant, owner, subscription } = detail;
  const now = Date.now() / 1000;
  const banned = owner.sign_in_banned_until !== null && owner.sign_in_banned_until > now;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Section title={t('merchant.owner.title')}>
          <Field label={t('merchant.owner.name')}>{owner.name}</Field>
          <Field label={t('merchant.owner.email')}>{owner.email}</Field>
          <Field label={t('merchant.owner.phone')}>{owner.phone ?? '—'}</Field>
          <Field label={t('merchant.owner.market')}>
            {merchant.market} · {merchant.currency}
          </Field>
          <Field label={t('merchant.owner.locale')}>{owner.locale}</Field>
          <Field label={t('merchant.owner.signIn')}>
            {banned ? (
              <Group gap={6} justify="flex-end">
                <Badge color="red" variant="light">
                  {t('merchant.owner.bannedUntil', { date: dayjs.unix(owner.sign_in_banned_until ?? 0).format('DD/MM/YYYY HH:mm') })}
                </Badge>
                {onLiftBan ? (
                  <Button size="compact-xs" variant="light" onClick={onLiftBan}>
                    {t('ops.account.lift-sign-in-ban.action')}
                  </Button>
                ) : null}
              </Group>
            ) : (
              <Badge color="green" variant="light">
                {t('merchant.owner.notBanned')}
              </Badge>
            )}
          </Field>
        </Section>
        <Section title={t('merchant.plan.title')}>
          <Field label={t('merchant.plan.plan')}>{subscription?.plan_name ?? t('directory.noPlan')}</Field>
          <Field label={t('merchant.plan.status')}>{subscription ? <Badge variant="light" color={subscription.status === 'past_due' ? 'red' : undefined}>{t(`billing:status.${subscription.status}`, { defaultValue: subscription.status })}</Badge> : '—'}</Field>
          <Field label={t('merchant.plan.period')}>{subscription ? t(`directory.period.${subscription.period}`) : '—'}</Field>
          <Field label={t('merchant.plan.nextBilling')}>
            <DateText value={detail.next_billing_at} />
          </Field>
          <Field label={t('merchant.plan.mrr')}>{money(detail.mrr_minor, merchant.currency)}</Field>
          {subscription?.trial_ends_at ? (
            <Field label={t('merchant.plan.trialEnds')}>
              <DateText value={subscription.trial_ends_at} />
            </Field>
          ) : null}
          {subscription?.scheduled_change ? (
            <Field label={t('merchant.plan.scheduled')}>
              {subscription.scheduled_change.plan_name} · <DateText value={subscription.scheduled_change.at} />
            </Field>
          ) : null}
        </Section>
        <Section
          title={t('merchant.credit.title')}
          action={
            onAdjustCredit ? (
              <Button size="xs" variant="light" onClick={onAdjustCredit}>
                {t('ops.credit.open')}
              </Button>
            ) : null
          }
        >
          <Text fz={28} fw={700} data-testid="credit-balance">
            {money(detail.credit_balance_minor, merchant.currency)}
          </Text>
          <Text size="sm" fw={600} mt="sm">
            {t('merchant.cards.title')}
          </Text>
          {detail.cards.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('merchant.cards.none')}
            </Text>
          ) : (
            <List size="sm" spacing={4} listStyleType="none">
              {detail.cards.map((card) => (
                <List.Item key={card.id}>
                  {card.brand.toUpperCase()} •••• {card.last4} · {String(card.exp_month).padStart(2, '0')}/{String(card.exp_year).slice(-2)}{' '}
                  {card.is_default ? (
                    <Badge size="xs" variant="light">
                      {t('merchant.cards.default')}
                    </Badge>
                  ) : null}
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('merchant.stores.title', { count: detail.stores.length })}>
          {detail.stores.map((store) => (
            <Field key={store.id} label={store.name}>
              {store.email} {store.country ? `· ${store.country}` : ''}
            </Field>
          ))}
        </Section>
        <Section title={t('merchant.users.title', { count: detail.users.length })}>
          {detail.users.map((user) => (
            <Field key={user.id} label={`${user.name} (${user.email})`}>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {user.roles.map((role) => (
                  <Badge key={role} size="xs" variant="outline">
                    {role}
                  </Badge>
                ))}
              </Group>
            </Field>
          ))}
        </Section>
      </SimpleGrid>
      <Section title={t('merchant.invoices.title')}>
        {detail.open_invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('merchant.invoices.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {detail.open_invoices.map((invoice) => (
              <Group key={invoice.id} justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {invoice.number}
                  </Text>
                  <Badge variant="light" color="orange">
                    {t(`billing:history.invoiceStatus.${invoice.status}`, { defaultValue: invoice.status })}
                  </Badge>
                </Group>
                <Group gap="sm">
                  <Text size="sm" fw={600}>
                    {money(invoice.amount_due_minor, invoice.currency)}
                  </Text>
                  {onInvoiceAction ? (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button size="compact-sm" variant="default" aria-label={t('merchant.invoices.actionsFor', { number: invoice.number })}>
                          {t('merchant.invoices.actions')}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {(['resend', 'void', 'mark-uncollectible'] as const).map((action) => (
                          <Menu.Item key={action} color={action === 'resend' ? undefined : 'red'} onClick={() => onInvoiceAction(invoice, action)}>
                            {t(`ops.invoice.${action}.action`)}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
};
