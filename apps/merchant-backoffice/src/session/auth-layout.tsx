import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Banner } from '@merchant-hub/domain';
import { BannerCarousel, ColorSchemeToggle, LanguagePicker } from '@merchant-hub/ui-kit';
import type { BannerSlide } from '@merchant-hub/ui-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './use-language';

/** Spec §3 Banner: `banner_type` 0 shows every slide, anything else one picked at random. */
export const bannerSlides = (banner: Banner | null | undefined, random: () => number = Math.random): BannerSlide[] => {
  const slides = (banner?.images_details ?? []).map((detail) => ({
    image: detail.banner_image,
    background: detail.background_image,
    link: detail.link,
  }));
  if (!banner || banner.banner_type === 0 || slides.length <= 1) return slides;
  return [slides[Math.floor(random() * slides.length) % slides.length]];
};

export type AuthLayoutProps = {
  banner?: Banner | null;
  children: ReactNode;
};

/** Sign-in, sign-up and password pages: the banner carousel beside a card, language and theme at the top. */
export const AuthLayout = ({ banner, children }: AuthLayoutProps) => {
  const { t } = useTranslation(['auth', 'common']);
  const { language, changeLanguage } = useLanguage();
  const slides = bannerSlides(banner);
  return (
    <Box mih="100vh" style={{ display: 'flex' }}>
      {/* Landmarks: the brand panel beside the page, the top bar as its banner, the card as its main content. */}
      <Box component="aside" aria-label={t('common:appName')} visibleFrom="md" style={{ flex: '1 1 55%', background: 'var(--mantine-color-brand-7)', minHeight: '100vh' }}>
        {slides.length > 0 ? (
          <BannerCarousel
            slides={slides}
            label={t('auth:brand.bannerRegion')}
            slideLabel={(index) => t('auth:brand.bannerSlide', { number: index + 1 })}
            height="100vh"
          />
        ) : (
          <Stack h="100%" justify="center" p={48} c="white">
            <Title order={2}>{t('common:appName')}</Title>
            <Text size="lg">{t('auth:brand.tagline')}</Text>
          </Stack>
        )}
      </Box>
      <Stack style={{ flex: '1 1 45%' }} p={{ base: 'md', sm: 'xl' }} gap="lg" justify="center" align="center">
        <Group component="header" justify="space-between" w="100%" maw={440} wrap="nowrap" gap="xs">
          <Text fw={700} size="lg" c="brand">
            {t('common:appName')}
          </Text>
          <Group gap="xs">
            <LanguagePicker value={language} onChange={changeLanguage} label={t('common:field.language')} hideLabel />
            <ColorSchemeToggle label={t('common:theme.dark')} />
          </Group>
        </Group>
        <Card component="main" withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} w="100%" maw={440} radius="md">
          {children}
        </Card>
      </Stack>
    </Box>
  );
};
