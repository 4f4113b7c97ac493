import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { Package } from '@merchant-hub/domain';
import { usageRows } from '@merchant-hub/billing-rules';
import { useTranslation } from 'react-i18next';

export type UsageLimitCardProps = { plan: Package | null };

/** One bar per usage item (spec §9); red at 100 % (the exception state), no bar for unlimited. */
export const UsageLimitCard = ({ plan }: UsageLimitCardProps) => {
  const { t } = useTranslation('billing');
  const rows = usageRows(plan ?? {});
  return (
    <Card withBorder radius="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('usage.title')}
        </Title>
        {rows.map((row) => {
          const unlimited = row.max === '*';
          const label = t(`usage.items.${row.labelKey}`);
          return (
            <Stack key={row.item} gap={2} data-testid={`usage-${row.item}`} data-state={row.state}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{label}</Text>
                <Text size="sm" c={row.state === 'exception' ? 'red' : 'dimmed'}>
                  {/* "used / limit" is a number pair: isolated left-to-right so Arabic or Hebrew does not read "10000 / 0". */}
                  {unlimited ? t('usage.unlimited') : <bdi dir="ltr">{t('usage.amount', { current: row.current, max: row.max ?? '—' })}</bdi>}
                  {row.state === 'exception' ? ` · ${t('usage.reached')}` : ''}
                </Text>
              </Group>
              <Progress
                value={unlimited ? 0 : row.percent}
                color={row.state === 'exception' ? 'red' : undefined}
                aria-label={label}
                size="sm"
              />
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
};
