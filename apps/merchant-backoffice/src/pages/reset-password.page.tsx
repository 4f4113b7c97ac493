import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, useChangePassword, useResetToken } from '@merchant-hub/api-client';
import { PageLoader, applyServerFieldErrors, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { resetPasswordSchema } from '@merchant-hub/validation';
import type { ResetPasswordInput } from '@merchant-hub/validation';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PATHS } from '../app/gating';
import { AuthLayout } from '../session/auth-layout';
import { PasswordField } from '../session/password-field';
import { isApiError } from '@merchant-hub/api-client';

/** /reset-password/{token}: e-mail read-only from the link, new password twice (spec §2, §5). */
export const ResetPasswordPage = () => {
  const { t } = useTranslation(['account', 'auth', 'errors', 'common']);
  usePageTitle(t('account:reset.title'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const tokenInfo = useResetToken(token);
  const form = useSchemaForm<ResetPasswordInput>({
    schema: resetPasswordSchema,
    initialValues: { email: '', forgot_password_token: token, password: '', password_confirmation: '' },
  });
  const { setValues } = form;
  useEffect(() => {
    if (tokenInfo.data) setValues({ email: tokenInfo.data.email, forgot_password_token: tokenInfo.data.forgot_password_token });
  }, [tokenInfo.data, setValues]);

  const change = useChangePassword({
    meta: { handlesError: true },
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('errors:reset.passwordReset') });
      void navigate(PATHS.signIn, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error)) applyServerFieldErrors(form as never, error.details, {}, ['password', 'password_confirmation']);
    },
  });

  let body;
  if (tokenInfo.isPending) body = <PageLoader label={t('common:status.loading')} />;
  else if (tokenInfo.isError)
    body = (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('account:reset.title')}
        </Title>
        <Alert color="red" role="alert">
          {t('account:reset.invalidLink')}
        </Alert>
        <Button component={Link} to={PATHS.forgotPassword}>
          {t('account:reset.requestNew')}
        </Button>
      </Stack>
    );
  else
    body = (
      <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h3">
              {t('account:reset.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('account:reset.subtitle')}
            </Text>
          </Stack>
          {change.isError ? (
            <Alert color="red" role="alert">
              {t(errorMessageKeys(change.error))}
            </Alert>
          ) : null}
          <TextInput label={t('auth:signIn.email')} readOnly key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordField label={t('account:reset.newPassword')} autoComplete="new-password" required key={form.key('password')} {...form.getInputProps('password')} />
          <PasswordField
            label={t('account:reset.confirmPassword')}
            autoComplete="new-password"
            required
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth loading={change.isPending}>
            {t('account:reset.submit')}
          </Button>
          <Anchor component={Link} to={PATHS.signIn} size="sm" ta="center">
            {t('account:forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    );

  return <AuthLayout>{body}</AuthLayout>;
};
