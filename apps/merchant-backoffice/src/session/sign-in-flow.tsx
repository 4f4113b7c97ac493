import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LoginResult, OtpStatusResult } from '@merchant-hub/api-client';
import { errorMessageKeys, hasErrorCode, isApiError, useActivateAccount, useLogin, useOtpStatus, useSubmitOtp } from '@merchant-hub/api-client';
import { useHydrated } from '@merchant-hub/app-root';
import type { OtpData } from '@merchant-hub/domain';
import { useSchemaForm } from '@merchant-hub/ui-kit';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messageValuesOf } from '../app/error-keys';
import { PATHS, destinationAfterSignIn, staffDestination, withLocale } from '../app/gating';
import { useEndSession, useStartSession } from '../app/session-context';
import { hasStaffRole, rolesMayUseBackOffice } from '../app/session-store';
import { termsCountryOf } from '../pages/terms-country';
import { PasswordField } from './password-field';
import { useVisitorCountry } from './visitor-country';

// Neither is needed to draw the form: the schema comes with the first focus (or submit), the code screen with
// the first submit.
const signInSchema = () => import('./sign-in-schema').then((m) => m.signInFormSchema);
const loadOtpStep = () => import('./otp-step');
const OtpStep = lazy(() => loadOtpStep().then((m) => ({ default: m.OtpStep })));

type SignInValues = { email: string; password: string; terms: boolean };
type Credentials = { email: string; password: string };

const otpDataOf = (error: unknown): OtpData | null => {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return null;
  const data = (error.body as { otp_data?: OtpData }).otp_data;
  return data ?? null;
};

/**
 * What sign-in's card holds (spec §4 Sign-in): credentials and terms, then the one-time code unless skipped,
 * and the account activation of an e-mailed link (`?evt=`). A lazy part of the sign-in page (see
 * sign-in-parts.ts): prerendered with it, it hydrates when its code lands.
 */
export const SignInFlow = () => {
  // The texts of failures (`errors:`, `validation:`) arrive just after the first render; a failed call waits
  // for them (the HTTP client's `beforeFailing`), and what shows them draws again when they land.
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const startSession = useStartSession();
  const endSession = useEndSession();
  const localeParam = params.get('locale');
  const evt = params.get('evt');
  // The terms link names the visitor's country once known; hydrating, first what the prerendered link says.
  const { country: visitorCountry } = useVisitorCountry();
  const country = useHydrated() ? visitorCountry : null;

  // The e-mailed verification link lands here with ?evt=; activate once and say how it went.
  const activation = useActivateAccount({ meta: { handlesError: true } });
  const activatedToken = useRef<string | null>(null);
  useEffect(() => {
    if (evt && activatedToken.current !== evt) {
      activatedToken.current = evt;
      activation.mutate(evt);
    }
  }, [evt, activation]);

  const form = useSchemaForm<SignInValues>({ schema: signInSchema, initialValues: { email: '', password: '', terms: false } });
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [otpData, setOtpData] = useState<OtpData | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [otpError, setOtpError] = useState<string | null>(null);
  const [mailDelayed, setMailDelayed] = useState(false);

  const describe = (error: unknown) => t(errorMessageKeys(error), messageValuesOf(error));

  const finish = (result: LoginResult) => {
    if (!rolesMayUseBackOffice(result.role_names)) {
      endSession();
      setCredentials(null);
      setFormError(t('auth:signIn.refusedRole'));
      return;
    }
    startSession(result);
    notifications.show({ color: 'green', message: t('auth:signIn.signedIn') });
    // Staff go from the code step straight to the console page (the `staff/*` route loads it): not home first,
    // which would send them on to the console's root and then to its directory (issue 27 §5).
    if (hasStaffRole(result.role_names)) {
      void navigate(staffDestination(params.get('from')), { replace: true });
      return;
    }
    const destination = destinationAfterSignIn({ from: params.get('from'), referrer: document.referrer, origin: window.location.origin });
    if (destination.kind === 'external') window.location.assign(destination.url);
    else if (destination.kind === 'page') window.location.replace(destination.path);
    else void navigate(destination.path, { replace: true });
  };

  const login = useLogin({
    meta: { handlesError: true },
    onSuccess: finish,
    onError: (error) => (credentials ? setOtpError(describe(error)) : setFormError(describe(error))),
  });

  const handleStatus = (result: OtpStatusResult, input: Credentials) => {
    if (result.skip_otp) {
      login.mutate({ ...input, locale: i18n.language });
      return;
    }
    setCredentials(input);
    setOtpData(result.otp_data);
    setMailDelayed(result.mail_delayed === true);
  };

  const otpStatus = useOtpStatus({
    meta: { handlesError: true },
    onError: (error, input) => {
      const data = otpDataOf(error);
      if (hasErrorCode(error, 'otp_banned') && data) {
        // Locked out: the code screen shows how long for.
        setCredentials({ email: input.email, password: input.password });
        setOtpData(data);
        setOtpError(describe(error));
        return;
      }
      if (credentials) setOtpError(describe(error));
      else setFormError(describe(error));
    },
  });

  const submitOtp = useSubmitOtp({
    meta: { handlesError: true },
    onSuccess: () => {
      if (credentials) login.mutate({ ...credentials, locale: i18n.language });
    },
    onError: (error) => {
      const data = otpDataOf(error);
      if (data) setOtpData(data);
      setOtpError(describe(error));
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    void loadOtpStep().catch(() => undefined);
    setFormError(null);
    setOtpError(null);
    const input = { email: values.email.trim(), password: values.password };
    otpStatus.mutate({ ...input, locale: i18n.language }, { onSuccess: (result) => handleStatus(result, input) });
  });

  const handleBack = () => {
    setMailDelayed(false);
    setCredentials(null);
    setOtpData(null);
    setOtpError(null);
  };

  const termsHref = withLocale(`${PATHS.terms}?country=${termsCountryOf(country)}`, null);

  return credentials ? (
    <Suspense
      fallback={
        <Center mih={240} role="status" aria-label={t('common:status.loading')}>
          <Loader />
        </Center>
      }
    >
      <OtpStep
        email={credentials.email}
        otpData={otpData}
        error={otpError}
        submitting={submitOtp.isPending || login.isPending}
        resending={otpStatus.isPending}
        mailDelayed={mailDelayed}
        onSubmit={(code) => {
          setOtpError(null);
          submitOtp.mutate({ code, email: credentials.email });
        }}
        onResend={() => {
          setOtpError(null);
          otpStatus.mutate(
            { ...credentials, locale: i18n.language },
            {
              onSuccess: (result) => {
                handleStatus(result, credentials);
                notifications.show({ color: 'green', message: t('auth:otp.resent') });
              },
            },
          );
        }}
        onBack={handleBack}
      />
    </Suspense>
  ) : (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h3">
            {t('auth:signIn.heading')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth:signIn.subtitle')}
          </Text>
        </Stack>
        {evt && activation.isPending ? <Alert color="blue">{t('auth:signIn.activating')}</Alert> : null}
        {activation.isSuccess ? <Alert color="green">{t('auth:signIn.activated')}</Alert> : null}
        {activation.isError ? (
          <Alert color="red" role="alert">
            {describe(activation.error)}
          </Alert>
        ) : null}
        {formError ? (
          <Alert color="red" role="alert" data-testid="signin-error">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth:signIn.email')}
          type="email"
          autoComplete="username"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('auth:signIn.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Checkbox
          key={form.key('terms')}
          {...form.getInputProps('terms', { type: 'checkbox' })}
          // Mantine's checkbox links its error but does not mark itself invalid.
          aria-invalid={form.errors.terms ? true : undefined}
          label={
            <>
              {t('auth:signIn.termsPrefix')}{' '}
              <Anchor component={Link} to={termsHref} target="_blank" inherit>
                {t('auth:signIn.termsLink')}
              </Anchor>
            </>
          }
        />
        <Button type="submit" fullWidth loading={otpStatus.isPending || login.isPending}>
          {t('auth:signIn.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={withLocale(PATHS.forgotPassword, localeParam)} size="sm">
            {t('auth:signIn.forgot')}
          </Anchor>
          <Anchor href="/staff/" size="sm" c="dimmed">
            {t('auth:signIn.staffConsole')}
          </Anchor>
        </Group>
        <Text size="sm" ta="center">
          {t('auth:signIn.noAccount')}{' '}
          <Anchor component={Link} to={withLocale(PATHS.signUp, localeParam)}>
            {t('auth:signIn.startTrial')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
