import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useHydrated } from '@merchant-hub/app-root';
import { isApiError, useCountries, useCreateEcpayOrder, useStates } from '@merchant-hub/api-client';
import { checkoutChannelsOf, type Country } from '@merchant-hub/domain';
import { marketOf } from '@merchant-hub/money';
import { normalizeLocale } from '@merchant-hub/i18n';
import { applyServerFieldErrors, DeferredModal, DeferredSelect, useSchemaForm } from '@merchant-hub/ui-kit';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { draftValues, readDraft, saveDraft, valuesToRestore } from './checkout-draft';
import { pageLocation } from './page-location';
import { postHostedForm } from './post-form';
import { useCheckoutTotals } from './use-checkout-totals';
import { useEmailAvailability } from './use-email-availability';
import { useRegionOptions } from './region-options';

type GatewayFormValues = {
  company_name: string;
  company_reg_no: string;
  first_name: string;
  last_name: string;
  email: string;
  dial_code: string;
  phone: string;
  address1: string;
  address2: string;
  postal_code: string;
  country: string;
  state_or_region: string;
  line_id: string;
  ref_code: string;
  countryHasStates: boolean;
};

const EMPTY: GatewayFormValues = {
  company_name: '',
  company_reg_no: '',
  first_name: '',
  last_name: '',
  email: '',
  dial_code: '886',
  phone: '',
  address1: '',
  address2: '',
  postal_code: '',
  country: '',
  state_or_region: '',
  line_id: '',
  ref_code: '',
  countryHasStates: false,
};

// The form's schema (and zod) are not needed to draw the page: imported with the first focus or value change.
const gatewaySchema = () => import('./form-schemas').then((m) => m.gatewayCheckoutSchema);
// Without an e-mail (required) the form cannot be valid: the country the page fills in on arrival does not
// import the schema.
const isValid = async (values: GatewayFormValues): Promise<boolean> =>
  values.email.trim() !== '' && (await gatewaySchema()).safeParse(values).success;

export type GatewayPaymentFormProps = { packageId: number };

/**
 * The gateway checkout's form, then the hosted ECPay page (spec §2, §4, §5): the interactive part of
 * `/subscribe/:packageId/:type?`, a chunk of its own (see `payment-forms.ts`).
 */
export const GatewayPaymentForm = ({ packageId }: GatewayPaymentFormProps) => {
  const { t, i18n } = useTranslation('checkout');
  // Hydrated after the page, the form first draws what the prerendered one shows, whatever answered meanwhile.
  const hydrated = useHydrated();
  const { pkg, totals: planTotals } = useCheckoutTotals(packageId);
  const totals = hydrated ? planTotals : null;
  // ECPay sells Taiwan's plans only (issue 31 #6): any other plan is paid on the card checkout.
  const planCurrency = pkg?.currency;
  const { search } = useLocation();
  useEffect(() => {
    if (!planCurrency || checkoutChannelsOf(marketOf(planCurrency)).includes('ecpay')) return;
    pageLocation.replace(`/subscribe-payment/${packageId}${search}`);
  }, [planCurrency, packageId, search]);
  const countries = useCountries({ meta: { handlesError: true } });
  const [valid, setValid] = useState(false);
  const [resubscribe, setResubscribe] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const validity = useRef(0);

  const form = useSchemaForm<GatewayFormValues>({
    schema: gatewaySchema,
    initialValues: EMPTY,
    // Only the latest values' answer counts.
    onValuesChange: (values) => {
      const asked = ++validity.current;
      // Kept for the tab's session: back from ECPay's cashier nothing is typed twice (issue 31 #3).
      const { countryHasStates: _derived, ...typed } = values;
      saveDraft<{ values: Partial<GatewayFormValues> }>('gateway', { values: typed });
      void isValid(values).then((answer) => asked === validity.current && setValid(answer));
    },
  });
  const [countryId, setCountryId] = useState<number | null>(null);
  const states = useStates(countryId, { meta: { handlesError: true } });
  const { countryOptions, stateOptions } = useRegionOptions(countries.data, states.data, 'id', i18n.language);

  // What the buyer typed before going to ECPay (or before a reload): put back once the prerendered form is hydrated.
  const restored = useRef(false);
  useEffect(() => {
    if (!hydrated || restored.current) return;
    restored.current = true;
    const { countryHasStates: _derived, ...typed } = draftValues(readDraft<{ values: Record<string, unknown> }>('gateway')?.values, EMPTY);
    const missing = valuesToRestore<Partial<GatewayFormValues>>(typed, form.getValues());
    if (Object.keys(missing).length === 0) return;
    form.setValues(missing);
    if ('country' in missing) setCountryId(null);
  }, [hydrated, form]);

  // Spec §5: Taiwan and +886 unless the buyer picks (or had picked) another country.
  useEffect(() => {
    if (countryId !== null || !countries.data) return;
    const given = form.getValues().country;
    const chosen = given ? countries.data.find((c: Country) => String(c.id) === given) : countries.data.find((c: Country) => c.iso_code === 'TW');
    if (!chosen) return;
    if (!given) form.setFieldValue('country', String(chosen.id));
    // In a transition: the form's render for it is done in slices (issue 30: one 60–90 ms task at 4x otherwise).
    startTransition(() => setCountryId(chosen.id));
  }, [countries.data, countryId, form]);

  useEffect(() => {
    form.setFieldValue('countryHasStates', (states.data?.length ?? 0) > 0);
  }, [states.data, form]);

  const emailCheck = useEmailAvailability(form);
  const emailTaken = emailCheck.taken;
  const createOrder = useCreateEcpayOrder({
    onSuccess: (order) => {
      setRedirecting(true);
      postHostedForm(order.action, order.fields);
    },
    onError: (error) => {
      if (isApiError(error) && error.details) applyServerFieldErrors(form as never, error.details);
      setResubscribe(true);
    },
  });

  const handleSubmit = (values: GatewayFormValues) => {
    if (emailTaken) return;
    createOrder.mutate({
      ...values,
      phone: `+${values.dial_code} ${values.phone}`,
      state_or_region: values.state_or_region || undefined,
      package_id: packageId,
      // The result page ECPay sends the buyer back to speaks this page's language.
      locale: normalizeLocale(i18n.language),
    });
  };

  const dialCodes = useMemo(
    () => [...new Set((countries.data ?? []).map((c) => c.dial_code.replace(/^\+/, '')))].map((code) => ({ value: code, label: `+${code}` })),
    [countries.data],
  );

  const loading = createOrder.isPending || redirecting;
  return (
    <>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={t('form.heading')}>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('form.heading')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.companyName')} required maxLength={255} key={form.key('company_name')} {...form.getInputProps('company_name')} />
            <TextInput label={t('form.companyRegNo')} required maxLength={255} key={form.key('company_reg_no')} {...form.getInputProps('company_reg_no')} />
            <TextInput label={t('form.firstName')} required maxLength={255} key={form.key('first_name')} {...form.getInputProps('first_name')} />
            <TextInput label={t('form.lastName')} required maxLength={255} key={form.key('last_name')} {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput
            label={t('form.email')}
            type="email"
            required
            maxLength={255}
            key={form.key('email')}
            {...form.getInputProps('email')}
            {...emailCheck.fieldHandlers(form.getInputProps('email'))}
            rightSection={emailCheck.checking ? <Loader size="xs" aria-label={t('form.checkingEmail')} /> : null}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <DeferredSelect label={t('form.dialCode')} data={dialCodes} w={120} allowDeselect={false} searchable key={form.key('dial_code')} {...form.getInputProps('dial_code')} />
            <TextInput label={t('form.phone')} required inputMode="tel" style={{ flex: 1 }} key={form.key('phone')} {...form.getInputProps('phone')} />
          </Group>
          <TextInput label={t('form.address1')} required maxLength={255} key={form.key('address1')} {...form.getInputProps('address1')} />
          <TextInput label={t('form.address2')} maxLength={255} key={form.key('address2')} {...form.getInputProps('address2')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('form.postalCode')}
              required
              inputMode="numeric"
              key={form.key('postal_code')}
              {...form.getInputProps('postal_code')}
              onChange={(event) => {
                // Cleaned in place: setFieldValue would re-key (remount) the uncontrolled input and drop focus mid-typing.
                const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 3);
                event.currentTarget.value = digits;
                form.getInputProps('postal_code').onChange(digits);
              }}
            />
            <DeferredSelect
              label={t('form.country')}
              required
              searchable
              allowDeselect={false}
              data={countryOptions}
              key={form.key('country')}
              {...form.getInputProps('country')}
              onChange={(value) => {
                form.setFieldValue('country', value ?? '');
                form.setFieldValue('state_or_region', '');
                const chosen = countries.data?.find((c) => String(c.id) === value);
                setCountryId(chosen?.id ?? null);
                if (chosen) form.setFieldValue('dial_code', chosen.dial_code.replace(/^\+/, ''));
              }}
            />
            <DeferredSelect
              label={t('form.state')}
              required={(states.data?.length ?? 0) > 0}
              disabled={!countryId || (states.data?.length ?? 0) === 0}
              searchable
              data={stateOptions}
              key={form.key('state_or_region')}
              {...form.getInputProps('state_or_region')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.lineId')} required maxLength={255} key={form.key('line_id')} {...form.getInputProps('line_id')} />
            <TextInput label={t('form.refCode')} maxLength={255} key={form.key('ref_code')} {...form.getInputProps('ref_code')} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('payment.gatewayNote')}
          </Text>
          <Button
            type="submit"
            size="md"
            loading={loading || !totals}
            disabled={!totals || !valid || emailTaken || loading || Object.keys(form.errors).length > 0}
            data-testid="pay-now"
          >
            {t('pay.now', { total: totals?.totalWithFormat ?? '' })}
          </Button>
        </Stack>
      </form>
      <DeferredModal opened={resubscribe} onClose={() => setResubscribe(false)} title={t('modal.resubscribeTitle')} centered>
        <Stack>
          <Alert color="red">{t('errors:checkout.resubscribe')}</Alert>
          <Button onClick={() => setResubscribe(false)}>{t('modal.resubscribe')}</Button>
        </Stack>
      </DeferredModal>
    </>
  );
};
