import { Box, Button, Card, Group, Loader, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { EmptyState } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { chosenFromRow } from '../use-store-chooser';
import type { StoreChooserState } from '../use-store-chooser';

export type StoreChooserProps = { chooser: StoreChooserState };

/** Staff pick whose billing to open: a searchable list of merchant stores (GET merchants). */
export const StoreChooser = ({ chooser }: StoreChooserProps) => {
  const { t } = useTranslation('billing');
  const rows = chooser.stores.data ?? [];
  return (
    <Card withBorder radius="md" maw={720}>
      <Stack>
        <Title order={2} size="h3">
          {t('storeChooser.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('storeChooser.body')}
        </Text>
        <TextInput
          label={t('storeChooser.search')}
          value={chooser.search}
          onChange={(e) => chooser.setSearch(e.currentTarget.value)}
          rightSection={chooser.stores.isFetching ? <Loader size="xs" /> : null}
          data-autofocus
        />
        {rows.length === 0 && !chooser.stores.isFetching ? <EmptyState title={t('storeChooser.empty')} /> : null}
        <Stack gap={4} role="list" aria-label={t('storeChooser.title')}>
          {rows.map((row) => (
            <Box key={row.id} role="listitem">
              <UnstyledButton
                w="100%"
                onClick={() => chooser.choose(chosenFromRow(row))}
                p="sm"
                style={{ borderRadius: 6, border: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={600}>{row.inventory_stores.name}</Text>
                    <Text size="sm" c="dimmed">
                      {row.merchant_name ?? ''} · {row.owner_email ?? row.inventory_stores.email}
                    </Text>
                  </Stack>
                  <Button component="span" variant="light" size="xs">
                    {t('storeChooser.open')}
                  </Button>
                </Group>
              </UnstyledButton>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
};
