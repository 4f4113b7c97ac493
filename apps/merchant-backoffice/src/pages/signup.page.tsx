import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LoginResult } from '@merchant-hub/api-client';
import { countryName, languageName, listEntryName } from '@merchant-hub/i18n';
import { errorMessageKeys, hasErrorCode, isApiError, useBanner, usePhoneCodes, useStates, useTrialRegister, useTrialResendOtp, useTrialSettings, useTrialVerify, useTrialVerifyOtp } from '@merchant-hub/api-client';
import { CountdownText, OtpInput, applyServerFieldErrors, usePageTitle, useSchemaForm, useSecondsLeft } from '@merchant-hub/ui-kit';
import { registrationStoreSchema, trialSignUpFormSchema } from '@merchant-hub/validation';
import type { TrialSignUpFormInput } from '@merchant-hub/validation';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS, withLocale } from '../app/gating';
import { useStartSession } from '../app/session-context';
import { AuthLayout } from '../session/auth-layout';
import { PasswordField } from '../session/password-field';

/** Spec §9: the trial form starts with Taiwan's dial code. */
const DEFAULT_DIAL_CODE = '886';

const EMPTY_ACCOUNT: TrialSignUpFormInput = {
  email: '',
  firstName: '',
  lastName: '',
  storeName: '',
  countryCode: DEFAULT_DIAL_CODE,
  mobileNumber: '',
  lineId: '',
  password: '',
  confirmPassword: '',
};

type StoreValues = {
  store_email: string;
  industry: string;
  currency: string;
  language: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  country: string;
  state: string;
};

/** The number the API stores: dial code and local number, digits only, with '+'. */
export const fullMobile = (countryCode: string, mobileNumber: string): string =>
  `+${countryCode.replace(/\D/g, '')}${mobileNumber.replace(/\D/g, '').replace(/^0+/, '')}`;

type Step = 0 | 1 | 2 | 3;

const STORE_FIELDS = ['store_email', 'industry', 'currency', 'language', 'address1', 'address2', 'city', 'zip', 'country', 'state'] as const;

/**
 * The registration's fields that the first form asked for, by the form's name for them: a refusal of one of
 * them takes the merchant back to that form with the field marked (issue 31 #1), never a toast alone.
 */
const FIRST_FORM_FIELDS: Readonly<Record<string, keyof TrialSignUpFormInput>> = {
  'account.first_name': 'firstName',
  'account.last_name': 'lastName',
  'account.email': 'email',
  'account.mobile_no': 'mobileNumber',
  'account.password': 'password',
  'account.password_confirmation': 'confirmPassword',
  'account.line_id': 'lineId',
  'store.store_name': 'storeName',
};

/** Who the SMS code proved: the first form may be corrected without a new code while these stay the same. */
type VerifiedContact = { email: string; mobile: string };

const storeStepSchema = registrationStoreSchema.omit({ store_name: true });

/** /signup: account form → SMS code → store → done (spec §2, §4 Trial sign-up). */
export const SignUpPage = () => {
  const { t, i18n } = useTranslation(['account', 'auth', 'errors', 'validation']);
  usePageTitle(t('account:signUp.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const localeParam = params.get('locale');
  useEffect(() => {
    if (localeParam && i18n.language !== localeParam) void i18n.changeLanguage(localeParam);
  }, [localeParam, i18n]);
  const banner = useBanner('signup', { locale: i18n.language });
  const phoneCodes = usePhoneCodes();
  const settings = useTrialSettings();
  const startSession = useStartSession();

  const [step, setStep] = useState<Step>(0);
  const [account, setAccount] = useState<TrialSignUpFormInput | null>(null);
  const [nextOtpAt, setNextOtpAt] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [session, setSession] = useState<LoginResult | null>(null);
  const [verified, setVerified] = useState<VerifiedContact | null>(null);
  const [returnedForFixes, setReturnedForFixes] = useState(false);
  const secondsToResend = useSecondsLeft(nextOtpAt);

  const accountForm = useSchemaForm<TrialSignUpFormInput>({ schema: trialSignUpFormSchema, initialValues: EMPTY_ACCOUNT });
  const storeForm = useSchemaForm<StoreValues>({
    // The store name was given (and checked) on the first form.
    schema: storeStepSchema,
    initialValues: { store_email: '', industry: '', currency: '', language: '', address1: '', address2: '', city: '', zip: '', country: '', state: '' },
  });
  const [countryId, setCountryId] = useState<number | null>(null);
  const states = useStates(countryId);

  const verify = useTrialVerify({
    meta: { handlesError: true },
    onSuccess: (result, input) => {
      setAccount({ ...accountForm.getValues(), email: input.email });
      setNextOtpAt(result.found.nextOTP);
      setCode('');
      setCodeError(null);
      setStep(1);
    },
    onError: (error) => {
      if (hasErrorCode(error, 'email_taken')) {
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
        accountForm.reset();
        return;
      }
      const placed = isApiError(error) && applyServerFieldErrors(accountForm as never, error.details, { mobile_no: 'mobileNumber' }, Object.keys(EMPTY_ACCOUNT));
      if (!placed) notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
    },
  });

  const resend = useTrialResendOtp({
    meta: { handlesError: true },
    onSuccess: (result) => setNextOtpAt(result.nextOTP),
    onError: (error) => {
      const body = isApiError(error) && typeof error.body === 'object' && error.body ? (error.body as { nextOTP?: number }) : {};
      if (typeof body.nextOTP === 'number') setNextOtpAt(body.nextOTP);
      setCodeError(t(errorMessageKeys(error)));
    },
  });

  const verifyOtp = useTrialVerifyOtp({
    meta: { handlesError: true },
    onSuccess: () => {
      setCodeError(null);
      if (account) setVerified({ email: account.email.trim(), mobile: fullMobile(account.countryCode, account.mobileNumber) });
      setStep(2);
    },
    onError: (error) => {
      const code = isApiError(error) ? error.code : '';
      if (code === 'registration_not_found') {
        // error_data: a toast, and back to the form.
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
        setStep(0);
      } else if (code === 'email_taken') {
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
        accountForm.reset();
        setStep(0);
      } else if (code === 'trial_code_expired' || code === 'trial_attempt_limit' || code === 'trial_code_invalid') {
        setCodeError(t(errorMessageKeys(error)));
      } else {
        setCodeError(t('errors:register.otpError'));
      }
    },
  });

  const register = useTrialRegister({
    meta: { handlesError: true },
    onSuccess: (result) => {
      startSession(result);
      setSession(result);
      setStep(3);
    },
    onError: (error) => {
      if (hasErrorCode(error, 'registration_not_found')) {
        // error_data: the sign-up was not found (or not verified): a toast, and back to the first form.
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
        setVerified(null);
        setStep(0);
        return;
      }
      const details = isApiError(error) ? error.details : {};
      const firstForm = Object.fromEntries(Object.entries(details).filter(([path]) => path in FIRST_FORM_FIELDS));
      const storeStep = Object.fromEntries(Object.entries(details).filter(([path]) => path.startsWith('store.')).map(([path, key]) => [path.slice('store.'.length), key]));
      const placedOnStore = applyServerFieldErrors(storeForm as never, storeStep, {}, STORE_FIELDS);
      if (applyServerFieldErrors(accountForm as never, firstForm, FIRST_FORM_FIELDS)) {
        // A field of the first form: back there with the field marked; the store step keeps what was typed.
        setReturnedForFixes(true);
        setStep(0);
        return;
      }
      if (!placedOnStore) notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
    },
  });

  // Back on the first form after a refusal: the first marked field gets the focus.
  useEffect(() => {
    if (step !== 0 || !returnedForFixes) return;
    const first = (Object.values(FIRST_FORM_FIELDS) as string[]).find((field) => accountForm.errors[field]);
    if (first) accountForm.getInputNode(first)?.focus();
  }, [step, returnedForFixes, accountForm]);

  const handleAccount = accountForm.onSubmit((values) => {
    setReturnedForFixes(false);
    // Corrections after the code was verified need no new code while the e-mail and number stay the same.
    if (verified && verified.email === values.email.trim() && verified.mobile === fullMobile(values.countryCode, values.mobileNumber)) {
      setAccount({ ...values, email: values.email.trim() });
      setStep(2);
      return;
    }
    setVerified(null);
    verify.mutate({
      email: values.email.trim(),
      mobile_no: fullMobile(values.countryCode, values.mobileNumber),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      password: values.password,
      storeName: values.storeName.trim(),
      lineId: values.lineId.trim(),
      locale: i18n.language,
    });
  });

  const handleCode = (event: FormEvent) => {
    event.preventDefault();
    if (!account) return;
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('validation:trial.otpRequired'));
      return;
    }
    verifyOtp.mutate({ email: account.email, otp: code });
  };

  const handleStore = storeForm.onSubmit((values) => {
    if (!account) return;
    register.mutate({
      account: {
        first_name: account.firstName.trim(),
        last_name: account.lastName.trim(),
        email: account.email.trim(),
        mobile_no: fullMobile(account.countryCode, account.mobileNumber),
        password: account.password,
        password_confirmation: account.confirmPassword,
        line_id: account.lineId.trim(),
      },
      store: {
        store_name: account.storeName.trim(),
        store_email: values.store_email.trim(),
        industry: values.industry,
        currency: values.currency || undefined,
        language: values.language,
        address1: values.address1.trim(),
        address2: values.address2.trim() || null,
        city: values.city.trim(),
        zip: values.zip.trim(),
        country: values.country,
        state: values.state,
      },
    });
  });

  const countryCurrency = (countryValue: string | null): string =>
    settings.data?.countries.find((entry) => String(entry.id) === countryValue)?.currency_code ?? '';

  const dialCodes = Array.from(new Set((phoneCodes.data ?? []).map((entry) => entry.dial_code))).map((dial) => ({ value: dial, label: `+${dial}` }));
  const choose = t('account:signUp.choose');

  return (
    <AuthLayout banner={banner.data}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h3">
            {t('account:signUp.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('account:signUp.subtitle')}
          </Text>
        </Stack>
        <Stepper active={step} size="xs" allowNextStepsSelect={false} onStepClick={(index) => (index === 0 && step < 3 ? setStep(0) : undefined)}>
          <Stepper.Step label={t('account:signUp.stepAccount')} />
          <Stepper.Step label={t('account:signUp.stepCode')} />
          <Stepper.Step label={t('account:signUp.stepStore')} />
          <Stepper.Completed>{null}</Stepper.Completed>
        </Stepper>

        {step === 0 ? (
          <form onSubmit={handleAccount} noValidate>
            <Stack gap="sm">
              {returnedForFixes ? (
                <Alert color="red" role="alert">
                  {t('account:signUp.fixFirstForm')}
                </Alert>
              ) : null}
              <TextInput label={t('auth:signIn.email')} type="email" autoComplete="email" required key={accountForm.key('email')} {...accountForm.getInputProps('email')} />
              <SimpleGrid cols={2}>
                <TextInput label={t('account:signUp.firstName')} autoComplete="given-name" required key={accountForm.key('firstName')} {...accountForm.getInputProps('firstName')} />
                <TextInput label={t('account:signUp.lastName')} autoComplete="family-name" required key={accountForm.key('lastName')} {...accountForm.getInputProps('lastName')} />
              </SimpleGrid>
              <TextInput label={t('account:signUp.storeName')} required key={accountForm.key('storeName')} {...accountForm.getInputProps('storeName')} />
              <Group grow align="flex-start" gap="xs" wrap="nowrap">
                <Select
                  label={t('account:signUp.countryCode')}
                  data={dialCodes.length > 0 ? dialCodes : [{ value: DEFAULT_DIAL_CODE, label: `+${DEFAULT_DIAL_CODE}` }]}
                  allowDeselect={false}
                  maw={120}
                  key={accountForm.key('countryCode')}
                  {...accountForm.getInputProps('countryCode')}
                />
                <TextInput label={t('account:signUp.mobileNumber')} type="tel" autoComplete="tel-national" required key={accountForm.key('mobileNumber')} {...accountForm.getInputProps('mobileNumber')} />
              </Group>
              <TextInput label={t('account:signUp.lineId')} required key={accountForm.key('lineId')} {...accountForm.getInputProps('lineId')} />
              <PasswordField label={t('account:signUp.password')} description={t('account:signUp.passwordHint')} autoComplete="new-password" required key={accountForm.key('password')} {...accountForm.getInputProps('password')} />
              <PasswordField label={t('account:signUp.confirmPassword')} autoComplete="new-password" required key={accountForm.key('confirmPassword')} {...accountForm.getInputProps('confirmPassword')} />
              <Button type="submit" fullWidth loading={verify.isPending}>
                {t('account:signUp.continue')}
              </Button>
              <Text size="sm" ta="center">
                {t('account:signUp.haveAccount')}{' '}
                <Anchor component={Link} to={withLocale(PATHS.signIn, localeParam)}>
                  {t('account:signUp.signIn')}
                </Anchor>
              </Text>
            </Stack>
          </form>
        ) : null}

        {step === 1 && account ? (
          <form onSubmit={handleCode} noValidate>
            <Stack gap="md">
              <Text fw={600}>{t('account:signUp.codeTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('account:signUp.codeSubtitle', { phone: fullMobile(account.countryCode, account.mobileNumber) })}
              </Text>
              <OtpInput value={code} onChange={setCode} label={t('auth:otp.label')} error={codeError} />
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep(0)}>
                  {t('account:signUp.back')}
                </Button>
                {secondsToResend > 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('auth:otp.resendIn')} <CountdownText seconds={secondsToResend} />
                  </Text>
                ) : (
                  <Anchor component="button" type="button" size="sm" onClick={() => resend.mutate({ email: account.email, locale: i18n.language })}>
                    {t('auth:otp.resend')}
                  </Anchor>
                )}
              </Group>
              <Button type="submit" fullWidth loading={verifyOtp.isPending}>
                {t('account:signUp.verify')}
              </Button>
            </Stack>
          </form>
        ) : null}

        {step === 2 ? (
          <form onSubmit={handleStore} noValidate>
            <Stack gap="sm">
              <Text fw={600}>{t('account:signUp.storeTitle')}</Text>
              <TextInput label={t('account:signUp.storeEmail')} type="email" required key={storeForm.key('store_email')} {...storeForm.getInputProps('store_email')} />
              <Select
                label={t('account:signUp.industry')}
                placeholder={choose}
                required
                searchable
                data={(settings.data?.industries ?? []).map((entry) => ({ value: String(entry.id), label: listEntryName(entry, i18n.language) }))}
                key={storeForm.key('industry')}
                {...storeForm.getInputProps('industry')}
              />
              <SimpleGrid cols={2}>
                <Select
                  label={t('account:signUp.currency')}
                  // The description says where the currency comes from; a placeholder saying it again was cut
                  // off in the half-width field (issue 31 #7).
                  placeholder="—"
                  description={t('account:signUp.currencyFromCountry')}
                  required
                  readOnly
                  data={(settings.data?.currencies ?? []).map((entry) => ({ value: entry.code, label: entry.code }))}
                  key={storeForm.key('currency')}
                  {...storeForm.getInputProps('currency')}
                />
                <Select
                  label={t('account:signUp.language')}
                  placeholder={choose}
                  required
                  data={(settings.data?.languages ?? []).map((entry) => ({ value: entry.locale, label: languageName(entry.locale, entry.name, i18n.language) }))}
                  key={storeForm.key('language')}
                  {...storeForm.getInputProps('language')}
                />
              </SimpleGrid>
              <TextInput label={t('account:signUp.address1')} required key={storeForm.key('address1')} {...storeForm.getInputProps('address1')} />
              <TextInput label={t('account:signUp.address2')} key={storeForm.key('address2')} {...storeForm.getInputProps('address2')} />
              <SimpleGrid cols={2}>
                <TextInput label={t('account:signUp.city')} required key={storeForm.key('city')} {...storeForm.getInputProps('city')} />
                <TextInput label={t('account:signUp.zip')} required key={storeForm.key('zip')} {...storeForm.getInputProps('zip')} />
              </SimpleGrid>
              <SimpleGrid cols={2}>
                <Select
                  label={t('account:signUp.country')}
                  placeholder={choose}
                  required
                  searchable
                  // Named in the page's language, as the wizard and the checkouts name them (issue 31 #5).
                  data={(settings.data?.countries ?? []).map((entry) => ({ value: String(entry.id), label: countryName(entry, i18n.language) }))}
                  key={storeForm.key('country')}
                  {...storeForm.getInputProps('country')}
                  onChange={(value) => {
                    storeForm.setFieldValue('country', value ?? '');
                    storeForm.setFieldValue('state', '');
                    // The market decides the currency: a store can only buy its country's plans.
                    storeForm.setFieldValue('currency', countryCurrency(value));
                    setCountryId(value ? Number(value) : null);
                  }}
                />
                <Select
                  label={t('account:signUp.state')}
                  placeholder={choose}
                  required
                  searchable
                  disabled={countryId === null}
                  data={(states.data ?? []).map((entry) => ({ value: String(entry.id), label: listEntryName(entry, i18n.language) }))}
                  key={storeForm.key('state')}
                  {...storeForm.getInputProps('state')}
                />
              </SimpleGrid>
              <Group justify="space-between" wrap="nowrap">
                <Button variant="default" onClick={() => setStep(0)}>
                  {t('account:signUp.back')}
                </Button>
                <Button type="submit" loading={register.isPending}>
                  {t('account:signUp.createStore')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}

        {step === 3 && session ? (
          <Stack gap="md" data-testid="signup-success">
            <Alert color="green" title={t('account:signUp.successTitle')}>
              {t('account:signUp.successBody')}
            </Alert>
            <Button onClick={() => void navigate(PATHS.home, { replace: true })}>{t('account:signUp.goHome')}</Button>
          </Stack>
        ) : null}
      </Stack>
    </AuthLayout>
  );
};
