import { Anchor, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { Locale } from '@merchant-hub/domain';
import { isLocale } from '@merchant-hub/domain';
import { ColorSchemeToggle, LanguagePicker, usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';

/** Entry point of the back office; the credential and one-time-code forms arrive with the session screens. */
export const SignInPage = () => {
  const { t, i18n } = useTranslation('common');
  const title = t('page.signIn.title', { defaultValue: 'Sign in' });
  usePageTitle(title);
  const language: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const handleLanguageChange = (locale: Locale) => void i18n.changeLanguage(locale);

  return (
    <Center mih="100vh" p="md">
      <Card withBorder shadow="sm" padding="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {t('appName')}
              </Title>
              <Text c="dimmed">{title}</Text>
            </Stack>
            <ColorSchemeToggle label={t('theme.dark')} />
          </Group>
          <LanguagePicker value={language} onChange={handleLanguageChange} label={t('field.language')} />
          <Anchor href="/staff/" size="sm">
            {t('page.signIn.staffConsole', { defaultValue: 'Staff console' })}
          </Anchor>
        </Stack>
      </Card>
    </Center>
  );
};
