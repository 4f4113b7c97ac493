import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BillingInfo } from '@merchant-hub/domain';
import { useTranslation } from 'react-i18next';

export type BillingInfoCardProps = { info: BillingInfo | null; onEdit: () => void };

export const BillingInfoCard = ({ info, onEdit }: BillingInfoCardProps) => {
  const { t } = useTranslation('billing');
  const filled = info !== null && info.name !== '' && info.address1 !== '';
  return (
    <Card withBorder radius="md" h="100%">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('info.title')}
          </Title>
          <Button size="xs" variant="light" onClick={onEdit}>
            {t('info.edit')}
          </Button>
        </Group>
        {filled && info ? (
          <Stack gap={0}>
            <Text fw={600}>{info.name}</Text>
            <Text size="sm">{info.email}</Text>
            <Text size="sm">{[info.address1, info.address2].filter(Boolean).join(', ')}</Text>
            <Text size="sm">
              {info.postal_code} {info.city}
            </Text>
            <Text size="sm">{[info.state_or_region, info.country].filter(Boolean).join(', ')}</Text>
          </Stack>
        ) : (
          <Text c="dimmed">{t('info.empty')}</Text>
        )}
      </Stack>
    </Card>
  );
};
