import { Badge } from '@mantine/core';
import type { SupportConversation } from '@merchant-hub/validation';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const HOUR = 3600;

/** A span of time as staff read it: minutes under an hour, hours under two days, then days. */
export const durationText = (t: TFunction, seconds: number): string => {
  const span = Math.max(0, seconds);
  if (span < HOUR) return t('support:inbox.duration.minutes', { count: Math.floor(span / 60) });
  if (span < 48 * HOUR) return t('support:inbox.duration.hours', { count: Math.floor(span / HOUR) });
  return t('support:inbox.duration.days', { count: Math.floor(span / (24 * HOUR)) });
};

/** Whether the merchant has waited longer than the target for an answer. */
export const isOverTarget = (conversation: Pick<SupportConversation, 'awaiting_reply_since'>, targetHours: number, nowSeconds: number): boolean =>
  conversation.awaiting_reply_since !== null && conversation.awaiting_reply_since !== undefined && nowSeconds - conversation.awaiting_reply_since > targetHours * HOUR;

export type InboxTimingProps = { conversation: SupportConversation; targetHours: number; nowSeconds: number };

/** A thread's age and, while the merchant waits for an answer, the waiting time against the target (over it: flagged). */
export const InboxTiming = ({ conversation, targetHours, nowSeconds }: InboxTimingProps) => {
  const { t } = useTranslation('support');
  const waiting = conversation.awaiting_reply_since ?? null;
  const over = isOverTarget(conversation, targetHours, nowSeconds);
  return (
    <>
      {' · '}
      {t('inbox.age', { duration: durationText(t, nowSeconds - conversation.created_at) })}
      {waiting === null ? null : (
        <>
          {' · '}
          <span data-over-target={over || undefined}>{t('inbox.waiting', { duration: durationText(t, nowSeconds - waiting), target: durationText(t, targetHours * HOUR) })}</span>{' '}
          {over ? (
            <Badge component="span" color="red" variant="filled" size="sm">
              {t('inbox.overTarget')}
            </Badge>
          ) : null}
        </>
      )}
    </>
  );
};
