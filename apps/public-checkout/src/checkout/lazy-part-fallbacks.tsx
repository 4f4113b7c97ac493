import { Box, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// What a checkout page draws where a lazy part (lazy-parts.ts) is not in yet, when the page is drawn afresh
// before it: a prerendered part stays on screen instead, and a page rendered afresh waits for its parts.

/**
 * A checkout's form column while its code loads: the form's heading and a spinner.
 */
export const PaymentFormLoading = () => {
  const { t } = useTranslation(['checkout', 'common']);
  return (
    <Stack gap="sm" aria-busy>
      <Title order={2} fz="h4">
        {t('checkout:form.heading')}
      </Title>
      <Group justify="center" py="xl">
        <Loader aria-label={t('common:status.loading')} />
      </Group>
    </Stack>
  );
};

/** The language picker's box (its width, an input's height). */
export const LanguageChoiceSpace = () => <Box w={{ base: 140, sm: 180 }} h="var(--input-height-sm)" />;
