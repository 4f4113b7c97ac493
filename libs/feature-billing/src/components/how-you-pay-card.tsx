import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Card as PaymentCard, PaymentType } from '@merchant-hub/domain';
import { useTranslation } from 'react-i18next';

export type HowYouPayCardProps = {
  cards: PaymentCard[];
  defaultId: string | null;
  paymentType: PaymentType;
  onManage: () => void;
};

export const brandName = (brand: string): string => (brand === 'unknown' ? 'Card' : brand.charAt(0).toUpperCase() + brand.slice(1));

export const HowYouPayCard = ({ cards, defaultId, paymentType, onManage }: HowYouPayCardProps) => {
  const { t } = useTranslation('billing');
  const card = cards.find((c) => c.id === defaultId) ?? null;
  return (
    <Card withBorder radius="md" h="100%">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('pay.title')}
          </Title>
          <Button size="xs" variant="light" onClick={onManage}>
            {t('pay.manage')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`pay.type.${paymentType}`)}
        </Text>
        {card ? (
          <Group gap="xs">
            <Text fw={600} data-testid="default-card">
              {t('pay.cardEnding', { brand: brandName(card.brand), last4: card.last4 })}
            </Text>
            <Badge size="sm" variant="light">
              {t('pay.default')}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('pay.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}
            </Text>
          </Group>
        ) : (
          <Text c="dimmed">{t('pay.noCard')}</Text>
        )}
      </Stack>
    </Card>
  );
};
