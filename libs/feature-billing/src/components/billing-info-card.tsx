import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useCountries, useStates } from '@merchant-hub/api-client';
import type { BillingInfo } from '@merchant-hub/domain';
import { countryName, listEntryName } from '@merchant-hub/i18n';
import { useTranslation } from 'react-i18next';

export type BillingInfoCardProps = { info: BillingInfo | null; onEdit: () => void };

export const BillingInfoCard = ({ info, onEdit }: BillingInfoCardProps) => {
  const { t, i18n } = useTranslation('billing');
  const filled = info !== null && info.name !== '' && info.address1 !== '';
  // The state and country are kept as their English names; each is shown in the page's language (issue 31 #5).
  const countries = useCountries({ enabled: filled, meta: { handlesError: true } });
  const country = countries.data?.find((c) => c.name === info?.country);
  const states = useStates(country?.id ?? null, { enabled: filled && country !== undefined, meta: { handlesError: true } });
  const state = states.data?.find((s) => s.name === info?.state_or_region);
  const place = [state ? listEntryName(state, i18n.language) : info?.state_or_region, country ? countryName(country, i18n.language) : info?.country];
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
            <Text size="sm">{place.filter(Boolean).join(', ')}</Text>
          </Stack>
        ) : (
          <Text c="dimmed">{t('info.empty')}</Text>
        )}
      </Stack>
    </Card>
  );
};
