import { Anchor, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { Market } from '@merchant-hub/domain';
import { MARKET_CURRENCY } from '@merchant-hub/domain';
import { usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TERMS_COUNTRIES, termsCountryOf } from './terms-country';

const SECTIONS = ['service', 'billing', 'account', 'data', 'end'] as const;

/** /terms-condition?country=my|sg|ph|tw: the terms a merchant of that market agrees to. */
export const TermsPage = () => {
  const { t } = useTranslation('account');
  usePageTitle(t('terms.title'));
  const [params, setParams] = useSearchParams();
  const country = termsCountryOf(params.get('country'));
  const market = country.toUpperCase() as Market;
  const values = { country: t(`market.${market}`), currency: MARKET_CURRENCY[market] };
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1}>{t('terms.title')}</Title>
          <SegmentedControl
            aria-label={t('terms.country')}
            value={country}
            onChange={(next) => setParams((current) => {
              current.set('country', next);
              return current;
            })}
            data={TERMS_COUNTRIES.map((code) => ({ value: code, label: t(`market.${code.toUpperCase() as Market}`) }))}
          />
        </Group>
        <Text data-testid="terms-intro">{t('terms.intro', values)}</Text>
        {SECTIONS.map((section) => (
          <Stack key={section} gap={4} component="section">
            <Title order={2} size="h4">
              {t(`terms.sections.${section}Title`)}
            </Title>
            <Text>{t(`terms.sections.${section}`, values)}</Text>
          </Stack>
        ))}
        <Anchor component={Link} to="/">
          {t('terms.back')}
        </Anchor>
      </Stack>
    </Container>
  );
};
