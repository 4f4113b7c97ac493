import { Anchor, Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useApprovals, useDecideApproval, useStaffMe } from '@merchant-hub/api-client';
import type { ApprovalDecision } from '@merchant-hub/api-client';
import { StaffReasonModal } from '@merchant-hub/feature-billing';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { DateText, EmptyState, ErrorState, PageLoader, usePageTitle } from '@merchant-hub/ui-kit';
import type { Approval } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButtons } from '../components/decision-buttons';
import { GatewayNotices, RefundApprovals } from '../components/refund-approvals';
import { useIdempotencyKey } from '../components/use-idempotency-key';

/**
 * /approvals: credit adjustments and refunds above the threshold wait here for a second staff member (never the
 * requester), and what the payment providers reported waits for a staff member to review it.
 */
export const ApprovalsPage = () => {
  const { t } = useTranslation('staff');
  usePageTitle(t('approvals.title'));
  const me = useStaffMe();
  const approvals = useApprovals({ status: 'pending' }, { meta: { handlesError: true } });
  const decide = useDecideApproval({ meta: { handlesError: true } });
  const keyFor = useIdempotencyKey();
  const [pending, setPending] = useState<{ approval: Approval; decision: ApprovalDecision } | null>(null);

  const handleConfirm = (reason: string) => {
    if (!pending) return;
    const input = { approvalId: pending.approval.id, decision: pending.decision, reason, userId: pending.approval.merchant.user_id };
    decide.mutate(
      { ...input, idempotencyKey: keyFor(input) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(`approvals.${pending.decision}.done`) });
          setPending(null);
        },
      },
    );
  };

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('approvals.title')}
        </Title>
        {approvals.isPending ? (
          <PageLoader label={t('approvals.loading')} />
        ) : approvals.isError ? (
          <ErrorState title={t('approvals.loadFailed')} onRetry={() => void approvals.refetch()} retryLabel={t('common.retry')} />
        ) : approvals.data.data.length === 0 ? (
          <EmptyState title={t('approvals.empty')} />
        ) : (
          approvals.data.data.map((approval) => {
            const own = me.data?.id === approval.requested_by.id;
            const amount = isCurrencyCode(approval.currency) ? formatMoney(approval.amount_minor, approval.currency) : String(approval.amount_minor);
            return (
              <Card key={approval.id} withBorder radius="md" padding="md">
                <Group justify="space-between" align="flex-start" wrap="wrap">
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Anchor component={Link} to={`/merchants/${approval.merchant.user_id}`} fw={600}>
                        {approval.merchant.name}
                      </Anchor>
                      <Badge color={approval.direction === 'credit' ? 'teal' : 'orange'} variant="light">
                        {t(`ops.credit.direction.${approval.direction}`)} {amount}
                      </Badge>
                    </Group>
                    <Text size="sm">{approval.description}</Text>
                    <Text size="xs" c="dimmed">
                      {t('approvals.requestedBy', { email: approval.requested_by.email })} · <DateText value={approval.created_at} />
                    </Text>
                    <Text size="xs" fs="italic">
                      {t('merchant.timeline.reason', { reason: approval.reason })}
                    </Text>
                  </Stack>
                  <DecisionButtons own={own} onApprove={() => setPending({ approval, decision: 'approve' })} onReject={() => setPending({ approval, decision: 'reject' })} />
                </Group>
              </Card>
            );
          })
        )}
        <RefundApprovals />
        <GatewayNotices />
      </Stack>
      <StaffReasonModal
        opened={pending !== null}
        title={pending ? t(`approvals.${pending.decision}.title`) : ''}
        confirmLabel={pending ? t(`approvals.${pending.decision}.action`) : ''}
        destructive={pending?.decision === 'reject'}
        loading={decide.isPending}
        error={decide.error}
        onConfirm={handleConfirm}
        onClose={() => {
          decide.reset();
          setPending(null);
        }}
      >
        {/* What is being decided, in place of the act-on-behalf wording (issue 27 §7). */}
        {pending
          ? t(`approvals.${pending.decision}.description`, {
              direction: t(`ops.credit.direction.${pending.approval.direction}`),
              amount: isCurrencyCode(pending.approval.currency) ? formatMoney(pending.approval.amount_minor, pending.approval.currency) : String(pending.approval.amount_minor),
              merchant: pending.approval.merchant.name,
              email: pending.approval.requested_by.email,
            })
          : undefined}
      </StaffReasonModal>
    </Container>
  );
};
