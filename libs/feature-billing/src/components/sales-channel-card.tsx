import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type SalesChannelCardProps = {
  action: 'subscribe' | 'retryPayment';
  extraChannels: number;
  busy?: boolean;
  onSubscribe: () => void;
  onRetryPayment: () => void;
};

/** Spec §2/§4: Subscribe leads to the add-on page; an add-on waiting for payment offers Retry Payment instead. */
export const SalesChannelCard = ({ action, extraChannels, busy, onSubscribe, onRetryPayment }: SalesChannelCardProps) => {
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
          <Button color="red" onClick={onRetryPayment} loading={busy}>
            {t('salesChannel.retryPayment')}
          </Button>
        ) : (
          <Button onClick={onSubscribe}>{t('salesChannel.subscribe')}</Button>
        )}
      </Stack>
    </Card>
  );
};
