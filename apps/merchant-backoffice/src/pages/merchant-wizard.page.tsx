import { Alert, Button, FileInput, Group, Select, SimpleGrid, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, isApiError, useCountries, useCreateMerchant, useShopCategories, useStates, useWizardToken } from '@merchant-hub/api-client';
import { PageLoader, applyServerFieldErrors, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { imageFileSchema, merchantWizardStepSchemas } from '@merchant-hub/validation';
import { useEffect, useState } from 'react';
import { countryName, listEntryName } from '@merchant-hub/i18n';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PATHS } from '../app/gating';
import { useStartSession } from '../app/session-context';
import { AuthLayout } from '../session/auth-layout';
import { PasswordField } from '../session/password-field';

type WizardValues = {
  email: string;
  firstname: string;
  lastname: string;
  password: string;
  password_confirmation: string;
  merchantImage: string;
  storeImage: string;
  store_name: string;
  store_owner: string;
  store_email: string;
  telephone: string;
  fax: string;
  address: string;
  country: string;
  state_or_region: string;
  shop_category: string;
};

const STEP_FIELDS: readonly (keyof WizardValues)[][] = [
  ['email', 'firstname', 'lastname', 'password', 'password_confirmation', 'merchantImage'],
  ['storeImage', 'store_name', 'store_owner', 'store_email', 'telephone', 'fax', 'address', 'country', 'state_or_region'],
  ['shop_category'],
];

/** The first step of the wizard a field belongs to, so a server error sends the user back to it. */
export const stepOfField = (field: string): number => {
  const index = STEP_FIELDS.findIndex((fields) => (fields as string[]).includes(field));
  return index === -1 ? 0 : index;
};

/** Checks a chosen image (JPG/PNG under 2 MB); returns the i18n key of the problem or null. */
export const imageProblem = (file: File | null): string | null => {
  if (!file) return null;
  const result = imageFileSchema.safeParse({ type: file.type, size: file.size });
  return result.success ? null : (result.error.issues[0]?.message ?? 'validation:image.typeInvalid');
};

/** /confirm/{token}: the three-step merchant creation wizard (spec §2, §4 Merchant wizard). */
export const MerchantWizardPage = () => {
  const { t, i18n } = useTranslation(['account', 'auth', 'errors', 'validation', 'common']);
  usePageTitle(t('account:wizard.title'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const invite = useWizardToken(token);
  const countries = useCountries();
  const categories = useShopCategories();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<{ storeImage: File | null; merchantImage: File | null }>({ storeImage: null, merchantImage: null });
  const form = useSchemaForm<WizardValues>({
    schema: merchantWizardStepSchemas[0],
    initialValues: {
      email: '',
      firstname: '',
      lastname: '',
      password: '',
      password_confirmation: '',
      merchantImage: '',
      storeImage: '',
      store_name: '',
      store_owner: '',
      store_email: '',
      telephone: '',
      fax: '',
      address: '',
      country: '',
      state_or_region: '',
      shop_category: '',
    },
  });
  const countryValue = form.getValues().country;
  const [countryId, setCountryId] = useState<number | null>(null);
  const states = useStates(countryId);
  const { setValues } = form;
  useEffect(() => {
    if (invite.data) setValues({ email: invite.data.email, firstname: invite.data.firstname, lastname: invite.data.lastname });
  }, [invite.data, setValues]);

  const create = useCreateMerchant({
    meta: { handlesError: true },
    onSuccess: (result) => {
      startSession(result);
      notifications.show({ color: 'green', message: t('auth:signIn.signedIn') });
      void navigate(PATHS.home, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.details).length > 0) {
        applyServerFieldErrors(form as never, error.details);
        setStep(Math.min(...Object.keys(error.details).map(stepOfField)));
        return;
      }
      notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
    },
  });

  // An invalid or used link goes to sign-in (spec §4).
  if (invite.isError) return <Navigate to={PATHS.signIn} replace />;
  if (invite.isPending) return <PageLoader label={t('common:status.loading')} />;

  const validateStep = (index: number): boolean => {
    const values = form.getValues();
    const result = merchantWizardStepSchemas[index].safeParse(values);
    if (result.success) return true;
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !(field in errors)) errors[field] = issue.message;
    }
    form.setErrors(errors);
    return false;
  };

  const handleFile = (field: 'storeImage' | 'merchantImage') => (file: File | null) => {
    const problem = imageProblem(file);
    if (problem) {
      form.setFieldError(field, problem);
      return;
    }
    setFiles((current) => ({ ...current, [field]: file }));
    // The schema wants a value for the store image; the chosen file's name stands in until upload.
    form.setFieldValue(field, file ? file.name : '');
    form.clearFieldError(field);
  };

  const handleNext = () => {
    if (validateStep(step)) setStep(step + 1);
  };
  const handleDone = () => {
    if (!validateStep(2) || !files.storeImage) return;
    const values = form.getValues();
    create.mutate({
      token,
      email: values.email,
      firstname: values.firstname,
      lastname: values.lastname,
      password: values.password,
      password_confirmation: values.password_confirmation,
      store_name: values.store_name,
      store_owner: values.store_owner,
      store_email: values.store_email,
      telephone: values.telephone,
      fax: values.fax || null,
      address: values.address,
      country: values.country,
      state_or_region: values.state_or_region,
      shop_category: values.shop_category || null,
      storeImage: files.storeImage,
      merchantImage: files.merchantImage,
    });
  };

  const fileError = (field: 'storeImage' | 'merchantImage') => {
    const error = form.errors[field];
    return error ? t(String(error)) : undefined;
  };

  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('account:wizard.title')}
        </Title>
        <Stepper active={step} size="xs" allowNextStepsSelect={false}>
          <Stepper.Step label={t('account:wizard.stepMerchant')} />
          <Stepper.Step label={t('account:wizard.stepStore')} />
          <Stepper.Step label={t('account:wizard.stepLast')} />
        </Stepper>
        {step === 0 ? (
          <Stack gap="sm">
            <TextInput label={t('account:wizard.email')} readOnly key={form.key('email')} {...form.getInputProps('email')} />
            <SimpleGrid cols={2}>
              <TextInput label={t('account:wizard.firstName')} required key={form.key('firstname')} {...form.getInputProps('firstname')} />
              <TextInput label={t('account:wizard.lastName')} required key={form.key('lastname')} {...form.getInputProps('lastname')} />
            </SimpleGrid>
            <PasswordField label={t('account:wizard.password')} autoComplete="new-password" required key={form.key('password')} {...form.getInputProps('password')} />
            <PasswordField label={t('account:wizard.confirmPassword')} autoComplete="new-password" required key={form.key('password_confirmation')} {...form.getInputProps('password_confirmation')} />
            <FileInput
              label={t('account:wizard.merchantImage')}
              description={t('account:wizard.imageHint')}
              accept="image/png,image/jpeg"
              clearable
              value={files.merchantImage}
              onChange={handleFile('merchantImage')}
              error={fileError('merchantImage')}
            />
          </Stack>
        ) : null}
        {step === 1 ? (
          <Stack gap="sm">
            <FileInput
              label={t('account:wizard.storeImage')}
              description={t('account:wizard.imageHint')}
              accept="image/png,image/jpeg"
              required
              value={files.storeImage}
              onChange={handleFile('storeImage')}
              error={fileError('storeImage')}
            />
            <TextInput label={t('account:wizard.storeName')} required key={form.key('store_name')} {...form.getInputProps('store_name')} />
            <TextInput label={t('account:wizard.storeOwner')} required key={form.key('store_owner')} {...form.getInputProps('store_owner')} />
            <TextInput label={t('account:wizard.storeEmail')} type="email" required key={form.key('store_email')} {...form.getInputProps('store_email')} />
            <SimpleGrid cols={2}>
              <TextInput label={t('account:wizard.telephone')} type="tel" required key={form.key('telephone')} {...form.getInputProps('telephone')} />
              <TextInput label={t('account:wizard.fax')} type="tel" key={form.key('fax')} {...form.getInputProps('fax')} />
            </SimpleGrid>
            <TextInput label={t('account:wizard.address')} required key={form.key('address')} {...form.getInputProps('address')} />
            <SimpleGrid cols={2}>
              <Select
                label={t('account:wizard.country')}
                required
                searchable
                data={(countries.data ?? []).map((entry) => ({ value: String(entry.id), label: countryName(entry, i18n.language) }))}
                key={form.key('country')}
                {...form.getInputProps('country')}
                onChange={(value) => {
                  form.setFieldValue('country', value ?? '');
                  form.setFieldValue('state_or_region', '');
                  setCountryId(value ? Number(value) : null);
                }}
              />
              <Select
                label={t('account:wizard.region')}
                required
                searchable
                disabled={!countryValue && countryId === null}
                data={(states.data ?? []).map((entry) => ({ value: String(entry.id), label: listEntryName(entry, i18n.language) }))}
                key={form.key('state_or_region')}
                {...form.getInputProps('state_or_region')}
              />
            </SimpleGrid>
          </Stack>
        ) : null}
        {step === 2 ? (
          <Stack gap="sm">
            <Select
              label={t('account:wizard.shopCategory')}
              clearable
              data={(categories.data ?? []).map((entry) => ({ value: String(entry.id), label: listEntryName(entry, i18n.language) }))}
              key={form.key('shop_category')}
              {...form.getInputProps('shop_category')}
            />
            {create.isError && !isApiError(create.error) ? <Alert color="red">{t('errors:error.merchantCreationFailed')}</Alert> : null}
          </Stack>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0}>
            {t('account:wizard.back')}
          </Button>
          {step < 2 ? (
            <Button onClick={handleNext}>{t('account:wizard.next')}</Button>
          ) : (
            <Button onClick={handleDone} loading={create.isPending}>
              {t('account:wizard.done')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {invite.data?.email}
        </Text>
      </Stack>
    </AuthLayout>
  );
};
