import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessageKeys, useBanner, useForgotPassword } from '@merchant-hub/api-client';
import { usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { forgotPasswordSchema } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS, withLocale } from '../app/gating';
import { AuthLayout } from '../session/auth-layout';

/** /forgot-password: e-mail, reset button, back to login keeping the language (spec §2). */
export const ForgotPasswordPage = () => {
  const { t, i18n } = useTranslation(['account', 'auth', 'errors']);
  usePageTitle(t('account:forgot.title'));
  const [params] = useSearchParams();
  const banner = useBanner('login', { locale: i18n.language });
  const form = useSchemaForm<{ email: string }>({ schema: forgotPasswordSchema, initialValues: { email: '' } });
  const reset = useForgotPassword({ meta: { handlesError: true } });
  const handleSubmit = form.onSubmit((values) => reset.mutate({ email: values.email.trim() }));

  return (
    <AuthLayout banner={banner.data}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h3">
              {t('account:forgot.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('account:forgot.subtitle')}
            </Text>
          </Stack>
          {reset.isSuccess ? (
            <Alert color="green" role="status" data-testid="forgot-sent">
              {t('account:forgot.sent')}
            </Alert>
          ) : null}
          {reset.isError ? (
            <Alert color="red" role="alert">
              {t(errorMessageKeys(reset.error))}
            </Alert>
          ) : null}
          <TextInput label={t('auth:signIn.email')} type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('account:forgot.submit')}
          </Button>
          <Anchor component={Link} to={withLocale(PATHS.signIn, params.get('locale'))} size="sm" ta="center">
            {t('account:forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
};
