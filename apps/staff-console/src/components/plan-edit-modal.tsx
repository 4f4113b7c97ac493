import { Alert, Badge, Button, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { isApiError, useCreatePlan, usePreviewPlan, useSavePlan } from '@merchant-hub/api-client';
import type { CurrencyCode } from '@merchant-hub/domain';
import { LANGUAGE_NAMES } from '@merchant-hub/i18n';
import { formatMoney } from '@merchant-hub/money';
import { CATALOG_USAGE_ITEMS, type CatalogMarket, type CatalogPlan, DESCRIPTION_LANGUAGES, type DescriptionLanguage, type PlanEditOutput, type PlanPreviewResult } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminReason } from './admin-reason';
import { formFieldOf, type PlanFormValues, planFormValues, planRequest } from './plan-form';

export type PlanEditModalProps = {
  /** The plan to edit; null creates a new plan in `market`. */
  plan: CatalogPlan | null;
  market: CatalogMarket;
  currency: CurrencyCode;
  defaults: { tax: number; tax_label: string };
  onClose: () => void;
};

/**
 * Edits every field of a plan (or the market's add-on package), or creates a plan. Saving goes through a
 * review step that shows, from the API, how many subscribers the new price reaches at their next renewal
 * and whether the yearly plan still saves 20 %.
 */
export const PlanEditModal = ({ plan, market, currency, defaults, onClose }: PlanEditModalProps) => {
  const { t } = useTranslation(['catalog', 'validation', 'errors']);
  const form = useForm<PlanFormValues>({ mode: 'uncontrolled', initialValues: planFormValues(plan, currency, defaults) });
  const [review, setReview] = useState<{ body: PlanEditOutput; preview: PlanPreviewResult | null } | null>(null);
  // Which language's lists are edited (issue 31 #5): English is the plan's own; the others fall back to it.
  const [textsLanguage, setTextsLanguage] = useState<'en' | DescriptionLanguage>('en');
  const preview = usePreviewPlan({ meta: { handlesError: true } });
  const save = useSavePlan({ meta: { handlesError: true } });
  const create = useCreatePlan({ meta: { handlesError: true } });
  const reasons = useAdminReason();
  const failure = [preview.error, save.error, create.error].find((error) => error);
  const creating = plan === null;
  const field = (path: string) => {
    const props = form.getInputProps(path);
    return { ...props, error: props.error ? t(String(props.error)) : undefined };
  };

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    const fields = error.details;
    for (const [path, key] of Object.entries(fields)) form.setFieldError(formFieldOf(path), key);
    if (Object.keys(fields).length > 0) setReview(null);
  };

  const handleReview = () => {
    const request = planRequest(form.getValues(), currency);
    if (!request.ok) {
      form.setErrors(request.errors);
      return;
    }
    form.clearErrors();
    if (creating) {
      setReview({ body: request.body, preview: null });
      return;
    }
    preview.mutate({ id: plan.id, price: request.body.price, discount: request.body.discount }, { onSuccess: (result) => setReview({ body: request.body, preview: result }), onError: showServerErrors });
  };

  // The reviewed change is saved once the superadmin says why (issue 27 §8).
  const handleSave = () => {
    if (!review) return;
    const done = (message: string) => () => {
      notifications.show({ color: 'green', message });
      onClose();
    };
    const values = form.getValues();
    reasons.ask({
      confirmLabel: t('form.save'),
      run: (reason) =>
        (creating
          ? create.mutateAsync({ ...review.body, market, billing_period: values.billing_period, group_key: values.group_key.trim(), reason }).then(done(t('form.created')))
          : save.mutateAsync({ id: plan.id, ...review.body, reason }).then(done(t('form.saved')))
        ).catch((error: unknown) => {
          showServerErrors(error);
          throw error;
        }),
    });
  };

  const money = (amount: number) => formatMoney(amount, currency);
  const title = creating
    ? t('form.createTitle', { market: t(`market.${market}`) })
    : t('form.editTitle', { name: plan.name, market: t(`market.${market}`), period: t(`period.${plan.billing_period}`) });

  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered closeOnClickOutside={false}>
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {t('form.renewalNote')}
        </Alert>
        {review ? (
          <Stack gap="sm" data-testid="plan-review">
            {review.preview ? (
              <Text>
                {review.preview.subscribers === 0
                  ? t('form.impactNone')
                  : t('form.impact', { count: review.preview.subscribers, price: money(review.preview.new_subtotal), current: money(plan?.subtotal ?? 0) })}
              </Text>
            ) : null}
            {review.preview && review.preview.yearly_saving_percent !== null ? (
              <Alert color={review.preview.yearly_claim_holds ? 'green' : 'orange'} variant="light" role={review.preview.yearly_claim_holds ? undefined : 'alert'}>
                {t(review.preview.yearly_claim_holds ? 'form.claimHolds' : 'form.claimBroken', { percent: review.preview.yearly_saving_percent })}
              </Alert>
            ) : null}
            {failure ? <Alert color="red">{t(isApiError(failure) && failure.key ? failure.key : 'errors:error.somethingWentWrong')}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReview(null)}>
                {t('form.back')}
              </Button>
              <Button onClick={handleSave} loading={save.isPending || create.isPending}>
                {t('form.save')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              handleReview();
            }}
          >
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('form.name')} required key={form.key('name')} {...field('name')} />
                {creating ? <TextInput label={t('form.groupKey')} description={t('form.groupKeyHint')} required key={form.key('group_key')} {...field('group_key')} /> : null}
                {creating ? (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t('form.period')}
                    </Text>
                    <SegmentedControl data={(['monthly', 'yearly'] as const).map((value) => ({ value, label: t(`period.${value}`) }))} {...form.getInputProps('billing_period')} key={form.key('billing_period')} />
                  </Stack>
                ) : null}
                <TextInput label={t('form.price', { currency })} description={t('form.priceHint')} inputMode="decimal" required key={form.key('price')} {...field('price')} />
                <TextInput label={t('form.discount')} inputMode="decimal" key={form.key('discount')} {...field('discount')} />
                <TextInput label={t('form.tax')} inputMode="decimal" key={form.key('tax')} {...field('tax')} />
                <TextInput label={t('form.taxLabel')} key={form.key('tax_label')} {...field('tax_label')} />
                <TextInput label={t('form.sortOrder')} inputMode="numeric" key={form.key('sort_order')} {...field('sort_order')} />
                <TextInput label={t('form.image')} description={t('form.imageHint')} key={form.key('image')} {...field('image')} />
              </SimpleGrid>
              <Checkbox label={t('form.hide')} {...form.getInputProps('hide', { type: 'checkbox' })} key={form.key('hide')} />
              {plan?.is_addon ? null : <Checkbox label={t('form.quote')} {...form.getInputProps('call_for_quote', { type: 'checkbox' })} key={form.key('call_for_quote')} />}
              <Text size="sm" fw={500}>
                {t('form.limits')}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3 }}>
                {CATALOG_USAGE_ITEMS.map((item) => (
                  <TextInput key={form.key(`limits.${item}`)} label={t(`form.limit.${item}`)} {...field(`limits.${item}`)} />
                ))}
              </SimpleGrid>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="plan-texts-language">
                  {t('form.textsLanguage')}
                </Text>
                <SegmentedControl
                  aria-labelledby="plan-texts-language"
                  value={textsLanguage}
                  onChange={(value) => setTextsLanguage(value as 'en' | DescriptionLanguage)}
                  data={(['en', ...DESCRIPTION_LANGUAGES] as const).map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
                />
              </Stack>
              {(['basic', 'features', 'report'] as const).map((list) => {
                if (list === 'report' && plan?.is_addon) return null;
                if (textsLanguage === 'en') return <Textarea key={form.key(list)} label={t(`form.${list}`)} rows={3} {...field(list)} />;
                const path = `translations.${textsLanguage}.${list}`;
                const english = form.getValues()[list];
                // An empty translation shows the English lines to merchants: said here, with those lines as the placeholder.
                const untranslated = form.getValues().translations[textsLanguage][list].trim() === '' && english.trim() !== '';
                return (
                  <Textarea
                    key={form.key(path)}
                    label={
                      <Group gap="xs" component="span">
                        {t(`form.${list}`)} · {LANGUAGE_NAMES[textsLanguage]}
                        {untranslated ? (
                          <Badge size="xs" color="orange" variant="light" component="span" data-testid={`untranslated-${list}`}>
                            {t('form.englishShown')}
                          </Badge>
                        ) : null}
                      </Group>
                    }
                    placeholder={english}
                    rows={3}
                    {...field(path)}
                  />
                );
              })}
              {failure ? <Alert color="red">{t(isApiError(failure) && failure.key ? failure.key : 'errors:error.somethingWentWrong')}</Alert> : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('form.cancel')}
                </Button>
                <Button type="submit" loading={preview.isPending}>
                  {t('form.review')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
      {reasons.modal}
    </Modal>
  );
};
