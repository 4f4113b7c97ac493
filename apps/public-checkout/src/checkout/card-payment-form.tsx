import { Alert, Button, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useHydrated } from '@merchant-hub/app-root';
import { authenticationRedirectOf, declineKeyOf, errorMessageKeys, hasErrorCode, isApiError, useCheckAndRegisterFpx, useCheckoutConfig, useCountries, useCreateCardSetup, useCreateFpxPayment, useCreateSandboxPaymentMethod, useRetryCheckoutSignIn, useSetCheckoutPaymentMethod, useStates, useValidateCheckoutCoupon } from '@merchant-hub/api-client';
import { checkoutChannelsOf, type Coupon } from '@merchant-hub/domain';
import { marketOf } from '@merchant-hub/money';
import { FPX_BANKS, type FpxBankCode } from '@merchant-hub/validation';
import { applyServerFieldErrors, CardField, DeferredModal, DeferredSelect, type CardFieldHandle, type CardFieldLabels, type CardFieldState, useSchemaForm } from '@merchant-hub/ui-kit';
import type { CheckoutConfig } from '@merchant-hub/api-client';
import { startTransition, type RefObject, useEffect, useRef, useState } from 'react';
import { normalizeLocale } from '@merchant-hub/i18n';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { draftValues, readDraft, saveDraft, valuesToRestore } from './checkout-draft';
import { pageLocation } from './page-location';
import { useCheckoutTotals } from './use-checkout-totals';
import { useEmailAvailability } from './use-email-availability';
import { useRegionOptions } from './region-options';
import { useSignInAndGoHome } from './use-ticket-sign-in';

type CardFormValues = {
  email: string;
  phone: string;
  company_name: string;
  address1: string;
  address2: string;
  city: string;
  postal_code: string;
  country: string;
  state_or_region: string;
  name: string;
  coupon_code: string;
};

const EMPTY: CardFormValues = { email: '', phone: '', company_name: '', address1: '', address2: '', city: '', postal_code: '', country: '', state_or_region: '', name: '', coupon_code: '' };

/** The same FPX banks the billing page offers: Stripe's bank codes, shown by the banks' own names. */
const BANK_OPTIONS = FPX_BANKS.map((entry) => ({ value: entry.code, label: entry.name }));

// The form's schema (and zod) are not needed to draw the page: imported with the first focus or value change.
const cardSchema = () => import('./form-schemas').then((m) => m.cardCheckoutSchema);

/** What the card and FPX checkouts keep of the buyer's input for the tab's session (see checkout-draft.ts). */
type CardDraft = { values: Partial<CardFormValues>; bank: FpxBankCode | null; couponInput: string; coupon: { packageId: number; coupon: Coupon } | null };

/** The bank's answer in the address: dropped when the buyer acknowledges it, the rest (language) is kept. */
const RETURN_PARAMS = ['redirect_status', 'payment_intent', 'payment_intent_client_secret', 'setup_intent', 'setup_intent_client_secret', 'flow'];

/** The card a timed-out request paid with: Retry Login signs in with it (spec §4 Card checkout). */
const PAYMENT_METHOD_KEY = 'merchant-hub.checkout.payment-method';

type CardEntryProps = {
  config: CheckoutConfig | undefined;
  failed: boolean;
  cardRef: RefObject<CardFieldHandle | null>;
  labels: CardFieldLabels;
  disabled: boolean;
  onChange: (state: CardFieldState) => void;
};

/** The shared card field once the API has said which gateway runs; its Stripe path confirms with Stripe.js. */
const CardEntry = ({ config, failed, cardRef, labels, disabled, onChange }: CardEntryProps) => {
  if (failed) return <Alert color="red">{labels.loadFailed}</Alert>;
  if (!config) return <Loader size="sm" aria-label={labels.loading} />;
  return <CardField ref={cardRef} gateway={config.gateway} publishableKey={config.stripePublishableKey} disabled={disabled} onChange={onChange} labels={labels} />;
};

export type CardPaymentFormProps = {
  packageId: number;
  /** The purchase's date, the one the summary shows. */
  purchasedAt: Date;
  /** The coupon applied: the summary's numbers and Pay's amount. */
  coupon: Coupon | null;
  onCouponChange: (coupon: Coupon | null) => void;
};

/**
 * The card checkout's form (`?type=fpx`: the bank variant), then the payment and sign-in (spec §2, §4, §5): the
 * interactive part of `/subscribe-payment/:packageId`, a chunk of its own (see `payment-forms.ts`).
 */
export const CardPaymentForm = ({ packageId, purchasedAt, coupon, onCouponChange }: CardPaymentFormProps) => {
  const { t, i18n } = useTranslation('checkout');
  const [search, setSearch] = useSearchParams();
  // Back from the card issuer's 3-D Secure page (the card payment's return_url carries `flow=3ds`).
  const isThreeDsReturn = search.get('flow') === '3ds';
  const returnStatus = search.get('redirect_status');
  const returnedIntent = search.get('payment_intent');
  // Hydrated after the page, the form first draws what the prerendered one shows, whatever answered meanwhile.
  const hydrated = useHydrated();
  const { pkg, totals: planTotals } = useCheckoutTotals(packageId, coupon);
  const totals = hydrated ? planTotals : null;
  // The plan's currency decides how it can be paid, whatever the link says (issue 31 #6): FPX in ringgit only.
  // Like the totals, it waits for hydration: the prerendered form has no plan, hence no Card/FPX switch, and a
  // first render that differs from the markup is thrown away and drawn afresh (losing what was typed into it).
  const channels = hydrated && pkg ? checkoutChannelsOf(marketOf(pkg.currency)) : null;
  const isFpx = search.get('type') === 'fpx' && (channels === null || channels.includes('fpx'));
  const offersBoth = channels !== null && channels.includes('card') && channels.includes('fpx');
  // The Card/FPX switch is drawn in a commit of its own, after the one that shows the plan: its sliding indicator
  // measures the page in a layout effect, which made the browser lay out all of that commit's changes within it
  // (one task of 90–120 ms at 4x CPU throttling, issue 30). Alone, it lays out little more than itself.
  const [methodsDrawn, setMethodsDrawn] = useState(false);
  useEffect(() => {
    if (offersBoth && !methodsDrawn) startTransition(() => setMethodsDrawn(true));
  }, [offersBoth, methodsDrawn]);
  const countries = useCountries({ meta: { handlesError: true } });
  // Which card entry to mount (Stripe Elements or the sandbox form) is the API's gateway, asked without a session.
  const gatewayConfig = useCheckoutConfig({ enabled: !isFpx, meta: { handlesError: true } });
  const [valid, setValid] = useState(false);
  const [card, setCard] = useState<CardFieldState>({ complete: false, error: null });
  const [cardError, setCardError] = useState<string | null>(null);
  const [couponInput, setCouponInput] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [paymentFailed, setPaymentFailed] = useState(false);
  const [retryLogin, setRetryLogin] = useState(false);
  const [working, setWorking] = useState(false);
  const [bank, setBank] = useState<FpxBankCode | null>(null);
  const [bankError, setBankError] = useState<string | null>(null);
  const cardRef = useRef<CardFieldHandle>(null);
  const validity = useRef(0);

  const form = useSchemaForm<CardFormValues>({
    schema: cardSchema,
    initialValues: EMPTY,
    // Without an e-mail (required) the form cannot be valid: the country the page fills in on arrival does not
    // import the schema. Only the latest values' answer counts.
    onValuesChange: (values) => {
      const asked = ++validity.current;
      saveDraft<CardDraft>('card', { values });
      if (values.email.trim() === '') setValid(false);
      else void cardSchema().then((schema) => asked === validity.current && setValid(schema.safeParse(values).success));
    },
  });
  const setCoupon = (applied: Coupon | null) => {
    onCouponChange(applied);
    saveDraft<CardDraft>('card', { coupon: applied ? { packageId, coupon: applied } : null });
  };
  const chooseBank = (code: FpxBankCode | null) => {
    setBank(code);
    saveDraft<CardDraft>('card', { bank: code });
  };
  const typeCoupon = (text: string) => {
    setCouponInput(text);
    saveDraft<CardDraft>('card', { couponInput: text });
  };
  const emailCheck = useEmailAvailability(form);
  const [countryId, setCountryId] = useState<number | null>(null);
  const states = useStates(countryId, { meta: { handlesError: true } });
  const { countryOptions, stateOptions } = useRegionOptions(countries.data, states.data, 'name', i18n.language);

  // A plan this page cannot sell (TWD: ECPay only) goes to its gateway checkout; a link's type=fpx for a plan
  // FPX cannot pay is dropped, so that the page and its address agree.
  const planCurrency = pkg?.currency;
  useEffect(() => {
    if (!planCurrency) return;
    const allowed = checkoutChannelsOf(marketOf(planCurrency));
    const kept = new URLSearchParams(search);
    if (!allowed.includes('card') && !allowed.includes('fpx')) {
      kept.delete('type');
      const query = kept.toString();
      pageLocation.replace(`/subscribe/${packageId}${query ? `?${query}` : ''}`);
    } else if (kept.get('type') === 'fpx' && !allowed.includes('fpx')) {
      kept.delete('type');
      setSearch(kept, { replace: true });
    }
  }, [planCurrency, packageId, search, setSearch]);

  const choosePaymentMethod = (method: string) => {
    const kept = new URLSearchParams(search);
    if (method === 'fpx') kept.set('type', 'fpx');
    else kept.delete('type');
    setSearch(kept, { replace: true });
  };

  // What the buyer typed before the bank's page, a failed payment's reload or Back: put back once, after the
  // prerendered (empty) form is hydrated (issue 31 #3). The country's states follow from the effect below.
  const restored = useRef(false);
  useEffect(() => {
    if (!hydrated || restored.current) return;
    restored.current = true;
    const draft = readDraft<CardDraft>('card');
    if (!draft) return;
    const values = valuesToRestore(draftValues(draft.values, EMPTY), form.getValues());
    if (Object.keys(values).length > 0) {
      form.setValues(values);
      if ('country' in values) setCountryId(null);
    }
    const savedBank = FPX_BANKS.find((entry) => entry.code === draft.bank)?.code;
    if (savedBank) setBank(savedBank);
    if (typeof draft.couponInput === 'string') setCouponInput(draft.couponInput);
    if (draft.coupon && draft.coupon.packageId === packageId) onCouponChange(draft.coupon.coupon);
  }, [hydrated, form, packageId, onCouponChange]);

  // The country given (typed before) or else the buyer's own market, the likely one.
  useEffect(() => {
    if (countryId !== null || !countries.data || !pkg) return;
    const given = form.getValues().country;
    const chosen = given ? countries.data.find((c) => c.name === given) : countries.data.find((c) => c.iso_code === marketOf(pkg.currency));
    if (!chosen) return;
    if (!given) form.setFieldValue('country', chosen.name);
    // In a transition: the form's render for it is done in slices (issue 30: one 60–90 ms task at 4x otherwise).
    startTransition(() => setCountryId(chosen.id));
  }, [countries.data, pkg, countryId, form]);

  const failSignIn = () => notifications.show({ color: 'red', message: t('errors:checkout.retryLoginFailed') });
  const { signIn } = useSignInAndGoHome(failSignIn);

  const showServerError = (error: Error) => {
    setWorking(false);
    if (isApiError(error) && error.isTimeout) {
      // The request may have gone through: the buyer can sign in with the card it paid with.
      notifications.show({ id: 'request-aborted', color: 'red', message: t('errors:general.requestAborted'), autoClose: false });
      setRetryLogin(true);
      return;
    }
    if (isApiError(error) && error.details) {
      const { bank: bankKey, ...fields } = error.details;
      if (bankKey) setBankError(t(bankKey));
      applyServerFieldErrors(form as never, fields);
    }
    // A refusal reads in the page's language (issue 31 #5): by its decline code, else by its error key.
    const decline = declineKeyOf(error);
    if (hasErrorCode(error, 'card_error', 'payment_failed')) setCardError(t(decline ?? errorMessageKeys(error)));
    else notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
  };

  const validateCoupon = useValidateCheckoutCoupon({
    onSuccess: (data) => {
      setCoupon(data);
      setCouponError(null);
    },
    // The refusal's key (invalid, expired, used up, wrong currency…) in the page's language, not the API's English.
    onError: (error) => setCouponError(t(errorMessageKeys(error))),
  });
  const applyCoupon = () => {
    if (!couponInput.trim()) setCouponError(t('validation:coupon.required'));
    else validateCoupon.mutate({ coupon: couponInput.trim(), package_id: packageId });
  };
  const sandboxPm = useCreateSandboxPaymentMethod({ meta: { handlesError: true } });
  const setup = useCreateCardSetup();
  const setPaymentMethod = useSetCheckoutPaymentMethod({
    onSuccess: (answer) => signIn(answer.ticket),
    onError: (error) => {
      // The issuer wants the buyer on its 3-D Secure page, which sends them back here (spec §4, as the back office).
      const redirect = authenticationRedirectOf(error);
      if (redirect) pageLocation.assign(redirect.url);
      else showServerError(error);
    },
  });
  const retry = useRetryCheckoutSignIn({ onSuccess: (answer) => signIn(answer.ticket), onError: failSignIn });
  const fpx = useCreateFpxPayment({ onSuccess: (payment) => pageLocation.assign(payment.redirect_url), onError: showServerError });
  const checkFpx = useCheckAndRegisterFpx({ onSuccess: (answer) => signIn(answer.ticket), onError: () => setPaymentFailed(true) });

  // Back from the bank or from 3-D Secure: anything but `succeeded` is a failed payment (spec §4, §8); a paid
  // one registers the merchant (the same call settles both kinds of order) and signs in.
  const handledReturn = useRef(false);
  useEffect(() => {
    if ((!isFpx && !isThreeDsReturn) || !returnStatus || handledReturn.current) return;
    handledReturn.current = true;
    if (returnStatus !== 'succeeded' || !returnedIntent) setPaymentFailed(true);
    else checkFpx.mutate(returnedIntent);
  }, [isFpx, isThreeDsReturn, returnStatus, returnedIntent, checkFpx]);

  const handleSubmit = async (values: CardFormValues) => {
    const body = { ...values, package_id: packageId, coupon_code: coupon?.code ?? undefined, date_purchased: purchasedAt.toISOString() };
    setCardError(null);
    if (emailCheck.taken) return;
    if (isFpx) {
      if (!bank) {
        setBankError(t('validation:fpx.bankRequired'));
        return;
      }
      // The bank sends the buyer back to this page in this language.
      fpx.mutate({ ...body, bank, locale: normalizeLocale(i18n.language) });
      return;
    }
    setWorking(true);
    let intent;
    try {
      intent = await setup.mutateAsync({ email: values.email, name: values.name });
    } catch (error) {
      showServerError(error as Error);
      return;
    }
    let paymentMethod: string;
    try {
      // Sandbox: the typed card becomes a payment method; Stripe: Stripe.js confirms the setup intent.
      paymentMethod = await (cardRef.current as CardFieldHandle).confirm({
        clientSecret: intent.client_secret,
        createSandboxPaymentMethod: (details) => sandboxPm.mutateAsync(details),
      });
    } catch (error) {
      // A refused card is the card field's error (spec §4); a lost answer is the aborted-request path.
      if (isApiError(error) && error.isTimeout) showServerError(error);
      else {
        setWorking(false);
        setCardError((error as Error).message);
      }
      return;
    }
    window.sessionStorage.setItem(PAYMENT_METHOD_KEY, paymentMethod);
    setPaymentMethod.mutate({ ...body, paymentMethod, stripe_id: intent.stripe_id }, { onSettled: () => setWorking(false) });
  };

  const handleRetry = () => {
    const paymentMethod = window.sessionStorage.getItem(PAYMENT_METHOD_KEY);
    if (!paymentMethod) {
      failSignIn();
      return;
    }
    retry.mutate(paymentMethod);
  };

  /**
   * Spec §4: Acknowledge reloads the page, now without the bank's (or the card issuer's) answer and with what
   * the buyer typed; the bank form after a bank payment, the card form after 3-D Secure.
   */
  const acknowledgedAddress = () => {
    const kept = new URLSearchParams(search);
    for (const name of RETURN_PARAMS) kept.delete(name);
    if (isFpx) kept.set('type', 'fpx');
    else kept.delete('type');
    const query = kept.toString();
    return `${window.location.pathname}${query ? `?${query}` : ''}`;
  };

  const busy = working || setPaymentMethod.isPending || fpx.isPending || checkFpx.isPending;
  return (
    <>
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate aria-label={t('form.heading')}>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('form.heading')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('form.email')}
              type="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
              {...emailCheck.fieldHandlers(form.getInputProps('email'))}
              rightSection={emailCheck.checking ? <Loader size="xs" aria-label={t('form.checkingEmail')} /> : null}
            />
            <TextInput label={t('form.phone')} required inputMode="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
          </SimpleGrid>
          <TextInput label={t('form.companyName')} maxLength={190} key={form.key('company_name')} {...form.getInputProps('company_name')} />
          <TextInput label={t('form.address1')} required key={form.key('address1')} {...form.getInputProps('address1')} />
          <TextInput label={t('form.address2')} key={form.key('address2')} {...form.getInputProps('address2')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.city')} required key={form.key('city')} {...form.getInputProps('city')} />
            <TextInput label={t('form.postalCode')} required maxLength={6} inputMode="numeric" key={form.key('postal_code')} {...form.getInputProps('postal_code')} />
            <DeferredSelect
              label={t('form.country')}
              required
              searchable
              allowDeselect={false}
              // The API's name is what is sent; the buyer reads it in the page's language.
              data={countryOptions}
              key={form.key('country')}
              {...form.getInputProps('country')}
              onChange={(value) => {
                form.setFieldValue('country', value ?? '');
                form.setFieldValue('state_or_region', '');
                setCountryId(countries.data?.find((c) => c.name === value)?.id ?? null);
              }}
            />
            <DeferredSelect
              label={t('form.state')}
              required
              searchable
              disabled={!countryId}
              data={stateOptions}
              key={form.key('state_or_region')}
              {...form.getInputProps('state_or_region')}
            />
          </SimpleGrid>
          {!coupon ? (
            <Group align="flex-end" gap="xs">
              <TextInput
                label={t('coupon.label')}
                value={couponInput}
                onChange={(e) => typeCoupon(e.currentTarget.value)}
                // Enter in the coupon field applies the coupon (it would otherwise submit the payment form).
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  applyCoupon();
                }}
                error={couponError}
                style={{ flex: 1 }}
              />
              <Button variant="light" loading={validateCoupon.isPending} onClick={applyCoupon}>
                {t('coupon.apply')}
              </Button>
            </Group>
          ) : (
            <Group justify="space-between">
              <Text c="green" data-testid="coupon-applied">
                {t('coupon.applied', { code: coupon.code ?? '' })}
              </Text>
              <Button variant="subtle" onClick={() => setCoupon(null)}>
                {t('coupon.remove')}
              </Button>
            </Group>
          )}
          {/* Always on the page, so that screen readers announce what changes in it: the applied coupon and the new total. */}
          <VisuallyHidden role="status" data-testid="coupon-status">
            {coupon && totals ? `${t('coupon.applied', { code: coupon.code ?? '' })}. ${t('summary.total')}: ${totals.totalWithFormat}` : ''}
          </VisuallyHidden>
          <Title order={3} fz="h5" mt="sm">
            {isFpx ? t('payment.fpx') : t('payment.card')}
          </Title>
          {offersBoth && methodsDrawn ? (
            <SegmentedControl
              aria-label={t('payment.method')}
              value={isFpx ? 'fpx' : 'card'}
              onChange={choosePaymentMethod}
              disabled={busy}
              data={[
                { value: 'card', label: t('payment.card') },
                { value: 'fpx', label: t('payment.fpx') },
              ]}
            />
          ) : null}
          <TextInput label={t('form.name')} required key={form.key('name')} {...form.getInputProps('name')} />
          {isFpx ? (
            <>
              <DeferredSelect
                label={t('form.bank')}
                placeholder={t('form.bankPlaceholder')}
                required
                searchable
                data={BANK_OPTIONS}
                value={bank}
                onChange={(value) => {
                  chooseBank(FPX_BANKS.find((entry) => entry.code === value)?.code ?? null);
                  setBankError(null);
                }}
                error={bankError}
                disabled={busy}
              />
              <Text size="sm" c="dimmed">
                {t('payment.fpxNote')}
              </Text>
            </>
          ) : (
            <CardEntry
              config={hydrated ? gatewayConfig.data : undefined}
              failed={gatewayConfig.isError}
              cardRef={cardRef}
              disabled={busy}
              onChange={setCard}
              labels={{
                number: t('card.number'),
                expiry: t('card.expiry'),
                cvc: t('card.cvc'),
                loading: t('card.loading'),
                loadFailed: t('card.loadFailed'),
                errors: {
                  numberIncomplete: t('card.errors.numberIncomplete'),
                  numberInvalid: t('card.errors.numberInvalid'),
                  expiryIncomplete: t('card.errors.expiryIncomplete'),
                  expiryInvalid: t('card.errors.expiryInvalid'),
                  expiryPast: t('card.errors.expiryPast'),
                  cvcIncomplete: t('card.errors.cvcIncomplete'),
                },
              }}
            />
          )}
          {cardError && (
            <Alert color="red" data-testid="card-error">
              {cardError}
            </Alert>
          )}
          <Button
            type="submit"
            size="md"
            loading={busy || !totals}
            disabled={busy || !totals || !valid || emailCheck.taken || (isFpx ? !bank : !card.complete)}
            data-testid="pay-now"
          >
            {t('pay.now', { total: totals?.totalWithFormat ?? '' })}
          </Button>
        </Stack>
      </form>
      <DeferredModal opened={paymentFailed} onClose={() => undefined} withCloseButton={false} title={t('modal.paymentFailedTitle')} centered>
        <Stack data-testid="payment-failed">
          <Text>{t('errors:checkout.paymentIncomplete')}</Text>
          <Button onClick={() => pageLocation.assign(acknowledgedAddress())}>{t('modal.acknowledge')}</Button>
        </Stack>
      </DeferredModal>
      <DeferredModal opened={retryLogin} onClose={() => setRetryLogin(false)} title={t('errors:checkout.retryLoginTitle')} centered>
        <Stack data-testid="retry-login">
          <Text>{t('errors:checkout.retryLoginBody')}</Text>
          <Button onClick={handleRetry} loading={retry.isPending}>
            {t('modal.retryLogin')}
          </Button>
        </Stack>
      </DeferredModal>
    </>
  );
};
