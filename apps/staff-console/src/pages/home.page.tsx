import { Container, Text, Title } from '@mantine/core';
import { usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';

/** Landing page of the console; the merchant chooser and act-on-behalf screens grow from here. */
export const HomePage = () => {
  const { t } = useTranslation('common');
  const title = t('page.staff.title', { defaultValue: 'Staff console' });
  usePageTitle(title);
  return (
    <Container size="lg" py="md">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="xs">
        {t('page.staff.description', { defaultValue: 'Support tools for the merchants you look after.' })}
      </Text>
    </Container>
  );
};
