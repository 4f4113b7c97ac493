import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { RetryMethod } from '@merchant-hub/billing-rules';
import type { OpenInvoiceDue } from '@merchant-hub/domain';
import { useTranslation } from 'react-i18next';
import { PastDuePayment } from './past-due-payment';

export type SalesChannelCardProps = {
  action: 'subscribe' | 'retryPayment';
  extraChannels: number;
  busy?: boolean;
  /** The add-on's open invoice and the ways to pay it, while it waits for payment. */
  owed?: { invoice: OpenInvoiceDue | null; methods: readonly RetryMethod[] };
  onSubscribe: () => void;
  onRetryPayment: () => void;
  onRetryByFpx?: () => void;
  onAddCard: () => void;
};

/** Spec §2/§4: Subscribe leads to the add-on page; an add-on waiting for payment says what it owes and how to pay it. */
export const SalesChannelCard = ({ action, extraChannels, busy, owed, onSubscribe, onRetryPayment, onRetryByFpx, onAddCard }: SalesChannelCardProps) => {
  const { t } = useTranslation('billing');
  return (
    <Card withBorder radius="md" h="100%">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('salesChannel.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('salesChannel.body')}
        </Text>
        {extraChannels > 0 ? <Text size="sm">{t('salesChannel.extra', { count: extraChannels })}</Text> : null}
        {action === 'retryPayment' ? (
          <PastDuePayment
            invoice={owed?.invoice ?? null}
            methods={owed?.methods ?? ['card']}
            busy={busy}
            onRetryCard={onRetryPayment}
            onRetryFpx={onRetryByFpx}
            onAddCard={onAddCard}
          />
        ) : (
          <Button onClick={onSubscribe}>{t('salesChannel.subscribe')}</Button>
        )}
      </Stack>
    </Card>
  );
};
