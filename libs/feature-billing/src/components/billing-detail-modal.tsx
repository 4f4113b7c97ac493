import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { isApiError, useCountries, useStates, useUpdateBillingInfo } from '@merchant-hub/api-client';
import type { BillingInfo } from '@merchant-hub/domain';
import { billingInfoSchema } from '@merchant-hub/validation';
import { applyServerFieldErrors, useSchemaForm } from '@merchant-hub/ui-kit';
import { useState } from 'react';
import { countryName, listEntryName } from '@merchant-hub/i18n';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notify';

export type BillingDetailModalProps = {
  opened: boolean;
  info: BillingInfo | null;
  userMerchantId: number;
  userId?: number;
  /** The flow cannot continue without billing details: no close button, no cancel, no escape. */
  forced?: boolean;
  onClose: () => void;
};

type BillingForm = {
  name: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  postal_code: string;
  country: string;
  state_or_region: string;
};

/** Spec §5: the billing form; the state list waits for a country and empties when the country changes. */
export const BillingDetailModal = ({ opened, info, userMerchantId, userId, forced = false, onClose }: BillingDetailModalProps) => {
  const { t, i18n } = useTranslation(['billing', 'common', 'errors']);
  const notify = useNotify();
  const initialCountry = info?.country || 'Malaysia';
  const [country, setCountry] = useState(initialCountry);
  const form = useSchemaForm<BillingForm>({
    schema: billingInfoSchema,
    initialValues: {
      name: info?.name ?? '',
      email: info?.email ?? '',
      address1: info?.address1 ?? '',
      address2: info?.address2 ?? '',
      city: info?.city ?? '',
      postal_code: info?.postal_code ?? '',
      country: initialCountry,
      state_or_region: info?.state_or_region ?? '',
    },
  });
  const countries = useCountries({ enabled: opened });
  const countryId = countries.data?.find((c) => c.name === country)?.id ?? null;
  const states = useStates(countryId, { enabled: opened && countryId !== null });
  const update = useUpdateBillingInfo({ meta: { handlesError: true } });
  // A saved state the list does not name (older data) stays visible and selectable until it is changed.
  // Kept as the English name (what the API and the invoice read), shown in the page's language.
  const stateNames = (states.data ?? []).map((s) => ({ value: s.name, label: listEntryName(s, i18n.language) }));
  const savedState = info?.state_or_region ?? '';
  const stateOptions = savedState && country === initialCountry && !stateNames.some((s) => s.value === savedState) ? [{ value: savedState, label: savedState }, ...stateNames] : stateNames;

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      { userMerchantId, userId, info: { ...values, address2: values.address2 || undefined } },
      {
        onSuccess: () => {
          notify.success(t('errors:success.updated'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error)) applyServerFieldErrors(form as never, error.details);
          // Spec §8: 'Fail to update info'.
          notify.error(error, { fallbackKey: 'errors:billing.updateFailed' });
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={forced ? () => undefined : onClose}
      withCloseButton={!forced}
      closeOnEscape={!forced}
      closeOnClickOutside={!forced}
      title={t('detail.title')}
      centered
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {forced ? <Text c="orange">{t('detail.forced')}</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('common:field.name')} withAsterisk key={form.key('name')} {...form.getInputProps('name')} data-autofocus />
            <TextInput label={t('common:field.email')} withAsterisk type="email" key={form.key('email')} {...form.getInputProps('email')} />
          </SimpleGrid>
          <TextInput label={t('common:field.address1')} withAsterisk key={form.key('address1')} {...form.getInputProps('address1')} />
          <TextInput label={t('common:field.address2')} key={form.key('address2')} {...form.getInputProps('address2')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('common:field.city')} withAsterisk key={form.key('city')} {...form.getInputProps('city')} />
            <TextInput label={t('common:field.postalCode')} withAsterisk maxLength={5} inputMode="numeric" key={form.key('postal_code')} {...form.getInputProps('postal_code')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('common:field.country')}
              withAsterisk
              searchable
              data={(countries.data ?? []).map((c) => ({ value: c.name, label: countryName(c, i18n.language) }))}
              key={form.key('country')}
              {...form.getInputProps('country')}
              onChange={(value) => {
                form.setFieldValue('country', value ?? '');
                form.setFieldValue('state_or_region', '');
                setCountry(value ?? '');
              }}
            />
            <Select
              label={t('common:field.state')}
              withAsterisk
              searchable
              placeholder={countryId === null ? t('detail.statePlaceholder') : undefined}
              disabled={countryId === null}
              data={stateOptions}
              key={form.key('state_or_region')}
              {...form.getInputProps('state_or_region')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            {!forced ? (
              <Button variant="default" onClick={onClose}>
                {t('detail.cancel')}
              </Button>
            ) : null}
            <Button type="submit" loading={update.isPending}>
              {t('detail.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
