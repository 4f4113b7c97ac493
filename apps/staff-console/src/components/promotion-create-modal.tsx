import { Alert, Button, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { isApiError, useCreatePromotion } from '@merchant-hub/api-client';
import { CURRENCY_CODES, type CurrencyCode } from '@merchant-hub/domain';
import { parseMoney } from '@merchant-hub/money';
import { CATALOG_MARKETS, PROMOTION_DURATIONS, type PromotionCreateInput, promotionCreateSchema } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { useAdminReason } from './admin-reason';

type Values = {
  code: string;
  name: string;
  kind: 'percent' | 'amount';
  percent_off: number | string;
  amount_off: string;
  currency: CurrencyCode | null;
  duration: (typeof PROMOTION_DURATIONS)[number];
  duration_in_months: number | string;
  expires_on: string;
  max_redemptions: number | string;
  markets: string[];
  plans: string[];
};

const numberOrNull = (value: number | string): number | null => (value === '' || value === null ? null : Number(value));

/** The request the form makes; the amount off is typed in the chosen currency and read with libs/money. */
const toRequest = (values: Values): { body: PromotionCreateInput; moneyError: boolean } => {
  const money = values.kind === 'amount' && values.currency ? parseMoney(values.amount_off, values.currency) : null;
  return {
    moneyError: money !== null && !money.ok,
    body: {
      code: values.code,
      name: values.name.trim() === '' ? null : values.name,
      kind: values.kind,
      percent_off: values.kind === 'percent' ? numberOrNull(values.percent_off) : null,
      amount_off: money?.ok ? money.value : null,
      currency: values.kind === 'amount' ? values.currency : null,
      duration: values.duration,
      duration_in_months: values.duration === 'repeating' ? numberOrNull(values.duration_in_months) : null,
      // The end of the chosen day, UTC: the code works through that whole day.
      expires_at: values.expires_on ? Math.floor(Date.parse(`${values.expires_on}T23:59:59Z`) / 1000) : null,
      max_redemptions: numberOrNull(values.max_redemptions),
      markets: values.markets.length > 0 ? (values.markets as PromotionCreateInput['markets']) : null,
      plans: values.plans.length > 0 ? values.plans : null,
    },
  };
};

export type PromotionCreateModalProps = { planKeys: string[]; onClose: () => void };

/** A new promotion code, validated by the same schema the API parses it with. */
export const PromotionCreateModal = ({ planKeys, onClose }: PromotionCreateModalProps) => {
  const { t } = useTranslation(['catalog', 'validation', 'errors']);
  const create = useCreatePromotion({ meta: { handlesError: true } });
  const reasons = useAdminReason();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { code: '', name: '', kind: 'percent', percent_off: '', amount_off: '', currency: null, duration: 'once', duration_in_months: '', expires_on: '', max_redemptions: '', markets: [], plans: [] },
  });
  const values = form.getValues();
  const field = (path: keyof Values) => {
    const props = form.getInputProps(path);
    return { ...props, error: props.error ? t(String(props.error)) : undefined };
  };

  const handleSubmit = () => {
    const { body, moneyError } = toRequest(form.getValues());
    const parsed = promotionCreateSchema.safeParse(body);
    const errors: Record<string, string> = {};
    if (moneyError) errors.amount_off = 'validation:catalog.amountOffInvalid';
    for (const issue of parsed.success ? [] : parsed.error.issues) errors[issue.path[0] === 'expires_at' ? 'expires_on' : String(issue.path[0])] ??= issue.message;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    // The checked code is created once the superadmin says why (issue 27 §8).
    reasons.ask({
      confirmLabel: t('promotionForm.submit'),
      run: (reason) =>
        create.mutateAsync({ ...body, reason }).then(
          (result) => {
            notifications.show({ color: 'green', message: t('promotions.created', { code: result.data.code }) });
            onClose();
          },
          (error: unknown) => {
            if (!isApiError(error)) throw error;
            const fields = Object.entries(error.details);
            for (const [path, key] of fields) form.setFieldError(path === 'expires_at' ? 'expires_on' : path, key);
            // A field error belongs on the form: the step closes to show it; any other refusal stays in the step.
            if (fields.length === 0 || fields.some(([path]) => path === 'reason')) throw error;
          },
        ),
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('promotionForm.title')} size="lg" centered closeOnClickOutside={false}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleSubmit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('promotionForm.code')} description={t('promotionForm.codeHint')} required autoCapitalize="characters" {...field('code')} />
            <TextInput label={t('promotionForm.name')} {...field('name')} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="promotion-kind">
              {t('promotionForm.kind')}
            </Text>
            <SegmentedControl aria-labelledby="promotion-kind" data={[{ value: 'percent', label: t('promotionForm.percent') }, { value: 'amount', label: t('promotionForm.amount') }]} {...form.getInputProps('kind')} />
          </Stack>
          {values.kind === 'percent' ? (
            <NumberInput label={t('promotionForm.percentOff')} min={1} max={100} suffix="%" required {...field('percent_off')} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label={t('promotionForm.currency')} data={[...CURRENCY_CODES]} required {...field('currency')} />
              <TextInput label={t('promotionForm.amountOff')} inputMode="decimal" required {...field('amount_off')} />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('promotionForm.duration')} data={PROMOTION_DURATIONS.map((value) => ({ value, label: t(`promotionForm.durationOption.${value}`) }))} allowDeselect={false} {...field('duration')} />
            {values.duration === 'repeating' ? <NumberInput label={t('promotionForm.months')} min={1} max={36} required {...field('duration_in_months')} /> : null}
            <TextInput type="date" label={t('promotionForm.expires')} {...field('expires_on')} />
            <NumberInput label={t('promotionForm.limit')} min={1} {...field('max_redemptions')} />
          </SimpleGrid>
          <MultiSelect label={t('promotionForm.markets')} data={CATALOG_MARKETS.map((value) => ({ value, label: t(`market.${value}`) }))} clearable {...field('markets')} />
          <MultiSelect label={t('promotionForm.plans')} data={planKeys} clearable {...field('plans')} />
          {create.error && !(isApiError(create.error) && Object.keys(create.error.details).length > 0) ? (
            <Alert color="red">{t(isApiError(create.error) && create.error.key ? create.error.key : 'errors:error.somethingWentWrong')}</Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('promotionForm.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('promotionForm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {reasons.modal}
    </Modal>
  );
};
