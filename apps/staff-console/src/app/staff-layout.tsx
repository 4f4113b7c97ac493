import { AppShell, Badge, Group, Text } from '@mantine/core';
import type { Locale } from '@merchant-hub/domain';
import { isLocale } from '@merchant-hub/domain';
import { ColorSchemeToggle, LanguagePicker } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Top bar shared by every staff screen: who this console is for, language and colour scheme. */
export const StaffLayout = () => {
  const { t, i18n } = useTranslation('common');
  const language: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const handleLanguageChange = (locale: Locale) => void i18n.changeLanguage(locale);
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Text fw={700} fz="lg">
              {t('appName')}
            </Text>
            <Badge variant="light">{t('page.staff.badge', { defaultValue: 'Staff' })}</Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguagePicker value={language} onChange={handleLanguageChange} label={t('field.language')} hideLabel />
            <ColorSchemeToggle label={t('theme.dark')} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
