import { Badge, Button, Group, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { formatCreditChange, formatMoney, isCurrencyCode } from '@merchant-hub/money';
import type { TimelineEvent, TimelineKind } from '@merchant-hub/validation';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { auditActionLabel } from './audit-labels';

/** One small outline glyph and colour per kind, so a long timeline can be scanned by eye. */
const KIND_LOOK: Record<TimelineKind, { color: string; path: string }> = {
  subscription: { color: 'blue', path: 'M4 12a8 8 0 0114-5M20 12a8 8 0 01-14 5M18 3v4h-4M6 21v-4h4' },
  invoice: { color: 'gray', path: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6' },
  payment: { color: 'green', path: 'M5 12l5 5 9-10' },
  payment_failed: { color: 'red', path: 'M6 6l12 12M18 6L6 18' },
  dunning: { color: 'orange', path: 'M12 7v5l3 3M12 21a9 9 0 110-18 9 9 0 010 18z' },
  coupon: { color: 'grape', path: 'M4 7h16v4a2 2 0 000 4v4H4v-4a2 2 0 000-4zM10 7v12' },
  credit: { color: 'teal', path: 'M3 6h18v12H3zM3 10h18M7 15h4' },
  email: { color: 'cyan', path: 'M3 6h18v12H3zM3 6l9 7 9-7' },
  staff_action: { color: 'indigo', path: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6' },
  refund: { color: 'yellow', path: 'M9 14L4 9l5-5M4 9h11a5 5 0 010 10h-3' },
  dispute: { color: 'red', path: 'M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z' },
};

const KindIcon = ({ kind }: { kind: TimelineKind }) => (
  <ThemeIcon size={24} radius="xl" color={KIND_LOOK[kind].color} variant="light">
    <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={KIND_LOOK[kind].path} />
    </svg>
  </ThemeIcon>
);

/** A credit ledger entry carries the ledger's amount (a credit is negative): it reads as the merchant reads it, `+RM 10.00`. */
export const eventAmount = (event: Pick<TimelineEvent, 'amount_minor' | 'currency' | 'kind'>): string | null => {
  if (event.amount_minor === undefined || !event.currency || !isCurrencyCode(event.currency)) return null;
  return event.kind === 'credit' ? formatCreditChange(event.amount_minor, event.currency) : formatMoney(event.amount_minor, event.currency);
};

export type MerchantTimelineProps = {
  events: readonly TimelineEvent[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Offered on a staff credit adjustment: undoing it is a linked reversing entry, never a deletion. */
  onReverse?: (adjustmentId: string) => void;
};

/** The credit adjustment an event refers to, when it is one staff may reverse. */
export const reversibleAdjustment = (event: TimelineEvent): string | null => (event.ref?.type === REVERSIBLE_REF ? event.ref.id : null);

/** The API names an adjustment that is applied and not yet reversed (made or approved) with this ref. */
const REVERSIBLE_REF = 'credit_adjustment';

/** Everything that happened to the account, newest first: what, when, how much, and for staff actions who and why. */
export const MerchantTimeline = ({ events, hasMore, loadingMore, onLoadMore, onReverse }: MerchantTimelineProps) => {
  const { t } = useTranslation('staff');
  return (
    <Stack gap="md">
      <Timeline bulletSize={24} lineWidth={2}>
        {events.map((event) => {
          const amount = eventAmount(event);
          const reversible = onReverse ? reversibleAdjustment(event) : null;
          return (
            <Timeline.Item key={event.id} bullet={<KindIcon kind={event.kind} />} data-kind={event.kind}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={500} size="sm">
                  {t(event.title_key, event.kind === 'staff_action' && typeof event.params.action === 'string' ? { ...event.params, action: auditActionLabel(t, event.params.action) } : event.params)}
                </Text>
                {amount ? (
                  <Text size="sm" fw={600} c={event.kind === 'payment_failed' ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                    {amount}
                  </Text>
                ) : null}
              </Group>
              <Group gap="xs" mt={2}>
                <Text size="xs" c="dimmed" component="time" dateTime={dayjs.unix(event.at).toISOString()}>
                  {dayjs.unix(event.at).format('DD/MM/YYYY HH:mm')}
                </Text>
                <Badge size="xs" variant="light" color={KIND_LOOK[event.kind].color}>
                  {t(`merchant.timeline.kind.${event.kind}`)}
                </Badge>
              </Group>
              {event.actor ? (
                <Text size="xs" mt={4}>
                  {t('merchant.timeline.by', { email: event.actor.email })}
                </Text>
              ) : null}
              {event.reason ? (
                <Text size="xs" c="dimmed" fs="italic">
                  {t('merchant.timeline.reason', { reason: event.reason })}
                </Text>
              ) : null}
              {reversible && onReverse ? (
                <Button size="compact-xs" variant="subtle" color="red" mt={4} onClick={() => onReverse(reversible)}>
                  {t('ops.reverse.action')}
                </Button>
              ) : null}
            </Timeline.Item>
          );
        })}
      </Timeline>
      {hasMore ? (
        <Button variant="default" onClick={onLoadMore} loading={loadingMore} w="fit-content">
          {t('common.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
};
