import { Anchor, Container, Stack, Title } from '@mantine/core';
import { usePageTitle } from '@merchant-hub/ui-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type CheckoutLayoutProps = {
  title: string;
  children?: ReactNode;
};

/** Frame of every checkout step: the product logo (back to the site root, spec §2) and the step's title. */
export const CheckoutLayout = ({ title, children }: CheckoutLayoutProps) => {
  const { t } = useTranslation('common');
  usePageTitle(title);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <header>
          {/* A plain link: the site root belongs to the back office, outside this app's router. */}
          <Anchor href="/" fw={700} fz="lg" underline="never">
            {t('appName')}
          </Anchor>
        </header>
        <Stack component="main" gap="xl">
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </Stack>
    </Container>
  );
};
