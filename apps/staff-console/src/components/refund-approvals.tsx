import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDecideRefund, useGatewayNotices, useRefundApprovals, useReviewGatewayNotice, useStaffMe } from '@merchant-hub/api-client';
import type { ApprovalDecision } from '@merchant-hub/api-client';
import { StaffReasonModal } from '@merchant-hub/feature-billing';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { DateText, PageLoader } from '@merchant-hub/ui-kit';
import type { GatewayNoticeList, RefundApprovalList } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReadOnly } from '../app/read-only';
import { DecisionButtons } from './decision-buttons';
import { useIdempotencyKey } from './use-idempotency-key';

type RefundApproval = RefundApprovalList['data'][number];
type GatewayNotice = GatewayNoticeList['data'][number];

const amountOf = (minor: number | null, currency: string | null): string => (minor === null ? '' : currency && isCurrencyCode(currency) ? formatMoney(minor, currency) : String(minor));

/** Refunds above the four-eyes threshold wait here for a second staff member (never the requester). */
export const RefundApprovals = () => {
  const { t } = useTranslation('staff');
  const me = useStaffMe();
  const approvals = useRefundApprovals({ meta: { handlesError: true } });
  const decide = useDecideRefund({ meta: { handlesError: true } });
  const keyFor = useIdempotencyKey();
  const [pending, setPending] = useState<{ refund: RefundApproval; decision: ApprovalDecision } | null>(null);

  const handleConfirm = (reason: string) => {
    if (!pending) return;
    const input = { refundId: pending.refund.id, decision: pending.decision, reason };
    decide.mutate(
      { ...input, idempotencyKey: keyFor(input) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(pending.decision === 'approve' ? 'refunds.approvals.approved' : 'refunds.approvals.rejected') });
          setPending(null);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('refunds.approvals.title')}
      </Title>
      {approvals.isPending ? (
        <PageLoader label={t('approvals.loading')} />
      ) : approvals.isError ? (
        <Alert color="red">{t('refunds.approvals.loadFailed')}</Alert>
      ) : approvals.data.data.length === 0 ? (
        <Text c="dimmed">{t('refunds.approvals.empty')}</Text>
      ) : (
        approvals.data.data.map((refund) => {
          const own = me.data?.id === refund.requested_by;
          return (
            <Card key={refund.id} withBorder radius="md" padding="md" data-testid="refund-approval">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={4}>
                  <Badge color="yellow" variant="light">
                    {t('refunds.approvals.amount', { amount: amountOf(refund.amount_minor, refund.currency), method: t(`refunds.modal.methods.${refund.method}`, { defaultValue: refund.method }) })}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('refunds.approvals.invoice')} {refund.invoice_id} · <DateText value={refund.created} />
                  </Text>
                  <Text size="xs" fs="italic">
                    {t('merchant.timeline.reason', { reason: refund.reason })}
                  </Text>
                </Stack>
                <DecisionButtons own={own} onApprove={() => setPending({ refund, decision: 'approve' })} onReject={() => setPending({ refund, decision: 'reject' })} />
              </Group>
            </Card>
          );
        })
      )}
      <StaffReasonModal
        opened={pending !== null}
        title={pending ? t(pending.decision === 'approve' ? 'refunds.approvals.approveTitle' : 'refunds.approvals.rejectTitle') : ''}
        confirmLabel={pending ? t(`approvals.${pending.decision}.action`) : ''}
        destructive={pending?.decision === 'reject'}
        loading={decide.isPending}
        error={decide.error}
        onConfirm={handleConfirm}
        onClose={() => {
          decide.reset();
          setPending(null);
        }}
      />
    </Stack>
  );
};

const NOTICE_KIND_KEYS: Record<string, string> = {
  notification_refused: 'refunds.notices.kind.notificationRefused',
  simulated_payment: 'refunds.notices.kind.simulatedPayment',
  'charge.refunded': 'refunds.notices.kind.chargeRefunded',
  'charge.dispute.created': 'refunds.notices.kind.disputeCreated',
  'charge.dispute.closed': 'refunds.notices.kind.disputeClosed',
};

/** What the payment providers reported outside our own calls, flagged until a staff member reviews it. */
export const GatewayNotices = () => {
  const { t } = useTranslation('staff');
  const readOnly = useReadOnly();
  const notices = useGatewayNotices('open', { meta: { handlesError: true } });
  const review = useReviewGatewayNotice({ meta: { handlesError: true } });
  const keyFor = useIdempotencyKey();
  const [pending, setPending] = useState<GatewayNotice | null>(null);

  const handleConfirm = (reason: string) => {
    if (!pending) return;
    const input = { noticeId: pending.id, reason };
    review.mutate(
      { ...input, idempotencyKey: keyFor(input) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('refunds.notices.reviewed') });
          setPending(null);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('refunds.notices.title')}
      </Title>
      {notices.isPending ? (
        <PageLoader label={t('refunds.notices.loading')} />
      ) : notices.isError ? (
        <Alert color="red">{t('refunds.notices.loadFailed')}</Alert>
      ) : notices.data.data.length === 0 ? (
        <Text c="dimmed">{t('refunds.notices.empty')}</Text>
      ) : (
        notices.data.data.map((notice) => (
          <Card key={notice.id} withBorder radius="md" padding="md" data-testid="gateway-notice">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Stack gap={4}>
                <Group gap="xs">
                  <Badge color={notice.kind === 'notification_refused' || notice.kind.startsWith('charge.dispute') ? 'red' : 'yellow'} variant="light">
                    {t(NOTICE_KIND_KEYS[notice.kind] ?? 'refunds.notices.kind.notificationRefused')}
                  </Badge>
                  {notice.amount !== null ? <Text size="sm">{amountOf(notice.amount, notice.currency)}</Text> : null}
                </Group>
                {notice.reason ? (
                  <Text size="sm">{t(`refunds.notices.reason.${notice.reason}`, { defaultValue: notice.reason })}</Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {notice.reference ? `${t('refunds.notices.reference', { reference: notice.reference })} · ` : ''}
                  {notice.received_at ? <DateText value={notice.received_at} /> : null}
                  {notice.repeats > 1 ? ` · ${t('refunds.notices.repeats', { count: notice.repeats })}` : ''}
                </Text>
                {notice.merchant_user_id !== null ? (
                  <Anchor component={Link} to={`/merchants/${notice.merchant_user_id}`} size="xs">
                    {t('refunds.notices.merchant')}
                  </Anchor>
                ) : null}
              </Stack>
              {readOnly ? null : (
                <Button size="xs" variant="default" onClick={() => setPending(notice)}>
                  {t('refunds.notices.review')}
                </Button>
              )}
            </Group>
          </Card>
        ))
      )}
      <StaffReasonModal
        opened={pending !== null}
        title={t('refunds.notices.reviewTitle')}
        confirmLabel={t('refunds.notices.review')}
        loading={review.isPending}
        error={review.error}
        onConfirm={handleConfirm}
        onClose={() => {
          review.reset();
          setPending(null);
        }}
      />
    </Stack>
  );
};
