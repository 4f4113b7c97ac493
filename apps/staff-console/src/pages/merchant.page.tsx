import { Alert, Anchor, Button, Container, Grid, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAccountAction, useInvoiceAction, useMerchantDetail, useMerchantNotes, useMerchantTimeline, useRecordMerchantVisit, useReverseCreditAdjustment, useStaffMe } from '@merchant-hub/api-client';
import type { AccountAction, InvoiceAction } from '@merchant-hub/api-client';
import { isCurrencyCode } from '@merchant-hub/money';
import { StaffReasonModal } from '@merchant-hub/feature-billing';
import { EmptyState, ErrorState, PageLoader, usePageTitle } from '@merchant-hub/ui-kit';
import type { MerchantDetail, SubscriptionControl } from '@merchant-hub/validation';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useReadOnly } from '../app/read-only';
import { ClockPanel } from '../components/clock-panel';
import { CreditAdjustModal } from '../components/credit-adjust-modal';
import { AttentionBadges, StateBadge } from '../components/merchant-badges';
import { MerchantSummary } from '../components/merchant-summary';
import { NotesPanel, PinnedNotes } from '../components/merchant-notes';
import { TagEditor } from '../components/merchant-tags';
import { MerchantTimeline } from '../components/merchant-timeline';
import { RefundsPanel } from '../components/refunds-panel';
import { SubscriptionControlModal } from '../components/subscription-control-modal';
import { useIdempotencyKey } from '../components/use-idempotency-key';

type Operation =
  | { kind: 'account'; action: AccountAction }
  | { kind: 'invoice'; action: InvoiceAction; invoice: MerchantDetail['open_invoices'][number] }
  | { kind: 'reverse'; adjustmentId: string };

/**
 * The subscription controls that fit the plan as it stands (the API refuses the others anyway): a live plan can be
 * cancelled and comped, an active one set to end or moved to another billing day, a past-due one given more grace;
 * with no live plan, one that dunning ended may be reinstated.
 */
export const controlsFor = (subscription: MerchantDetail['subscription']): SubscriptionControl[] => {
  if (!subscription || subscription.status === 'canceled') return ['reinstate'];
  if (subscription.status === 'past_due') return ['cancel-now', 'extend-grace', 'comp-month'];
  if (subscription.status !== 'active') return [];
  const ending = subscription.ends_at !== null && subscription.scheduled_change === null;
  return ['cancel-now', ...(ending ? [] : (['cancel-at-period-end'] as const)), ...(ending || subscription.scheduled_change ? [] : (['billing-day'] as const)), 'comp-month'];
};

/** The merchant's id from the address; anything but a positive integer is not a merchant. */
export const useMerchantUserId = (): number | null => {
  const { userId } = useParams();
  const id = Number(userId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /merchants/:userId: who the merchant is, where its billing stands, what happened, and what staff can do. */
export const MerchantPage = () => {
  const { t } = useTranslation('staff');
  const userId = useMerchantUserId();
  if (userId === null) return <EmptyState title={t('merchant.notFound')} action={<Anchor component={Link} to="/merchants">{t('merchant.backToDirectory')}</Anchor>} />;
  return <MerchantScreen userId={userId} />;
};

const MerchantScreen = ({ userId }: { userId: number }) => {
  const { t } = useTranslation(['staff', 'errors']);
  const detail = useMerchantDetail(userId, { meta: { handlesError: true } });
  const timeline = useMerchantTimeline(userId);
  const notes = useMerchantNotes(userId, { meta: { handlesError: true } });
  const me = useStaffMe();
  const visit = useRecordMerchantVisit();
  const readOnly = useReadOnly();
  const [operation, setOperation] = useState<Operation | null>(null);
  const [creditOpen, setCreditOpen] = useState(false);
  const [control, setControl] = useState<SubscriptionControl | null>(null);
  const subscriptionButton = useRef<HTMLButtonElement>(null);
  // A dialog opened from the actions menu gives focus back to the menu's button when it closes: the menu item it
  // was opened from is gone by then. Focus moves there first, so the dialog takes it as its opener.
  const actionsButton = useRef<HTMLButtonElement>(null);
  const fromActionsMenu = (open: () => void) => () => {
    actionsButton.current?.focus();
    open();
  };
  const keyFor = useIdempotencyKey();
  const account = useAccountAction({ meta: { handlesError: true } });
  const invoice = useInvoiceAction({ meta: { handlesError: true } });
  const reverse = useReverseCreditAdjustment({ meta: { handlesError: true } });
  usePageTitle(detail.data?.merchant.merchant_name ?? t('merchant.title'));

  // Viewing is audited once per visit (the API also ignores repeats within 30 minutes), never per request.
  const visited = useRef<number | null>(null);
  useEffect(() => {
    if (visited.current === userId) return;
    visited.current = userId;
    visit.mutate(userId);
  }, [userId, visit]);

  if (detail.isPending) return <PageLoader label={t('merchant.loading')} />;
  if (detail.isError)
    return (
      <ErrorState
        title={t('merchant.loadFailed')}
        onRetry={() => void detail.refetch()}
        retryLabel={t('common.retry')}
        action={
          <Anchor component={Link} to="/merchants">
            {t('merchant.backToDirectory')}
          </Anchor>
        }
      />
    );
  const data = detail.data;
  const { merchant } = data;
  const currency = isCurrencyCode(merchant.currency) ? merchant.currency : null;
  const controls = controlsFor(data.subscription);
  const events = timeline.data?.pages.flatMap((page) => page.data) ?? [];
  const running = account.isPending || invoice.isPending || reverse.isPending;
  const failure = account.error ?? invoice.error ?? reverse.error;

  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    setOperation(null);
  };
  const closeOperation = () => {
    account.reset();
    invoice.reset();
    reverse.reset();
    setOperation(null);
  };
  const handleConfirm = (reason: string) => {
    if (!operation) return;
    if (operation.kind === 'account') {
      const input = { userId, action: operation.action, reason };
      account.mutate({ ...input, idempotencyKey: keyFor(input) }, { onSuccess: () => done(t(`ops.account.${operation.action}.done`)) });
    } else if (operation.kind === 'invoice') {
      const input = { invoiceId: operation.invoice.id, action: operation.action, reason, userId };
      invoice.mutate({ ...input, idempotencyKey: keyFor(input) }, { onSuccess: () => done(t(`ops.invoice.${operation.action}.done`, { number: operation.invoice.number })) });
    } else {
      const input = { adjustmentId: operation.adjustmentId, reason, userId };
      reverse.mutate({ ...input, idempotencyKey: keyFor(input) }, { onSuccess: () => done(t('ops.reverse.done')) });
    }
  };
  const operationTitle = (op: Operation): string =>
    op.kind === 'account' ? t(`ops.account.${op.action}.title`) : op.kind === 'invoice' ? t(`ops.invoice.${op.action}.title`, { number: op.invoice.number }) : t('ops.reverse.title');
  const operationBody = (op: Operation): string =>
    op.kind === 'account'
      ? t(`ops.account.${op.action}.body`, { email: data.owner.email })
      : op.kind === 'invoice'
        ? t(`ops.invoice.${op.action}.body`, { number: op.invoice.number })
        : t('ops.reverse.body');

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Anchor component={Link} to="/merchants" size="sm">
          ← {t('merchant.backToDirectory')}
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1} size="h2">
                {merchant.merchant_name}
              </Title>
              <StateBadge state={merchant.state} />
            </Group>
            <Text size="sm" c="dimmed">
              {merchant.owner_email} · {merchant.stores.join(', ')}
            </Text>
            <AttentionBadges reasons={merchant.attention} />
          </Stack>
          <Group gap="xs">
            {readOnly ? null : (
              <Button component={Link} to={`/merchants/${userId}/billing`}>
                {t('actOnBehalf.open')}
              </Button>
            )}
            <Button component={Link} to={`/support?merchant=${userId}`} variant="default">
              {t('support:merchantLink')}
            </Button>
            {!readOnly && controls.length > 0 ? (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" ref={subscriptionButton}>
                    {t('subscription.menu')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {controls.map((item) => (
                    <Menu.Item
                      key={item}
                      color={item === 'cancel-now' ? 'red' : undefined}
                      onClick={() => {
                        subscriptionButton.current?.focus();
                        setControl(item);
                      }}
                    >
                      {t(`subscription.controls.${item}.action`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ) : null}
            {readOnly ? null : (
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" ref={actionsButton}>
                    {t('ops.menu')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={fromActionsMenu(() => setCreditOpen(true))} disabled={!currency}>
                    {t('ops.credit.open')}
                  </Menu.Item>
                  {/* The set-up invite is offered only while the owner has not finished setting up (the API answers 409 after). */}
                  {((data.owner.setup_pending ? ['wizard-invite', 'password-reset', 'lift-sign-in-ban'] : ['password-reset', 'lift-sign-in-ban']) as AccountAction[]).map((action) => (
                    <Menu.Item key={action} onClick={fromActionsMenu(() => setOperation({ kind: 'account', action }))}>
                      {t(`ops.account.${action}.action`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        <PinnedNotes notes={notes.data?.data ?? []} />
        <TagEditor userId={userId} merchantName={merchant.merchant_name} tags={merchant.tags} readOnly={readOnly} />
        {readOnly ? (
          <MerchantSummary detail={data} />
        ) : (
          <MerchantSummary
            detail={data}
            onAdjustCredit={() => setCreditOpen(true)}
            onLiftBan={() => setOperation({ kind: 'account', action: 'lift-sign-in-ban' })}
            onInvoiceAction={(open, action) => setOperation({ kind: 'invoice', action, invoice: open })}
          />
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t('merchant.timeline.title')}
              </Title>
              {timeline.isPending ? (
                <PageLoader label={t('merchant.timeline.loading')} />
              ) : timeline.isError ? (
                <Alert color="red">{t('merchant.timeline.loadFailed')}</Alert>
              ) : events.length === 0 ? (
                <Text c="dimmed">{t('merchant.timeline.empty')}</Text>
              ) : (
                <MerchantTimeline
                  events={events}
                  hasMore={timeline.hasNextPage}
                  loadingMore={timeline.isFetchingNextPage}
                  onLoadMore={() => void timeline.fetchNextPage()}
                  onReverse={readOnly ? undefined : (adjustmentId) => setOperation({ kind: 'reverse', adjustmentId })}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <NotesPanel
                userId={userId}
                viewer={me.data ? { id: me.data.id, role: me.data.role } : null}
                readOnly={readOnly}
                notes={notes.data?.data}
                loading={notes.isPending}
                failed={notes.isError}
                onRetry={() => void notes.refetch()}
              />
              <RefundsPanel userId={userId} />
              <ClockPanel userId={userId} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      {currency ? (
        <CreditAdjustModal
          opened={creditOpen}
          userId={userId}
          currency={currency}
          onClose={() => setCreditOpen(false)}
          onDone={(result) =>
            notifications.show({ color: 'green', message: t(result.adjustment.status === 'pending_approval' ? 'ops.credit.pending' : 'ops.credit.applied') })
          }
        />
      ) : null}
      <SubscriptionControlModal
        control={control}
        userId={userId}
        onClose={() => setControl(null)}
        onDone={(done, result) =>
          notifications.show({
            color: 'green',
            message: [t('subscription.done', { label: t(`subscription.controls.${done}.action`) }), result.credit?.status === 'pending_approval' ? t('subscription.creditPending') : ''].filter(Boolean).join(' '),
          })
        }
      />
      <StaffReasonModal
        opened={operation !== null}
        title={operation ? operationTitle(operation) : ''}
        confirmLabel={t('ops.confirm')}
        destructive={operation?.kind === 'invoice' && operation.action !== 'resend'}
        loading={running}
        error={failure}
        onConfirm={handleConfirm}
        onClose={closeOperation}
      >
        {operation ? operationBody(operation) : ''}
      </StaffReasonModal>
    </Container>
  );
};
