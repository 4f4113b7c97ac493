import { Alert, Checkbox, List, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { hasErrorCode, useCommitSubscriptionControl, usePreviewSubscriptionControl } from '@merchant-hub/api-client';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { formatDate } from '@merchant-hub/ui-kit';
import {
  BILLING_DAY_MAX,
  GRACE_EXTENSION_DAYS_MAX,
  STAFF_REASON_MAX_LENGTH,
  STAFF_REASON_MIN_LENGTH,
  subscriptionControlPreviewSchemas,
  type SubscriptionControl,
  type SubscriptionControlFields,
  type SubscriptionControlPreview,
  type SubscriptionControlResult,
} from '@merchant-hub/validation';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FourEyesVerdict, PreviewCommitFooter, ReasonField } from './money-movement-form';
import { useIdempotencyKey } from './use-idempotency-key';

type Draft = { proratedCredit: boolean; days: number | string; day: number | string; reason: string };
type FieldErrors = Partial<Record<'days' | 'day' | 'reason' | 'prorated_credit', string>>;

const EMPTY: Draft = { proratedCredit: true, days: 7, day: 1, reason: '' };

export type SubscriptionControlModalProps = {
  /** The control to preview and commit; null keeps the dialog closed. */
  control: SubscriptionControl | null;
  userId: number;
  onClose: () => void;
  onDone: (control: SubscriptionControl, result: SubscriptionControlResult) => void;
};

/** What the control's own fields are, as its schema reads them. */
const fieldsOf = (control: SubscriptionControl, draft: Draft): Record<string, unknown> =>
  control === 'cancel-now' ? { prorated_credit: draft.proratedCredit } : control === 'extend-grace' ? { days: draft.days } : control === 'billing-day' ? { day: draft.day } : {};

/**
 * One subscription control (issue 27 capability 3): the staff member fills in its fields and a reason, the API
 * previews what changes (dates, invoices, credit, whether a second staff member must approve the credit), and only
 * the preview's token commits it. A stale preview is dropped so the new figures are shown before anything changes.
 */
export const SubscriptionControlModal = ({ control, userId, onClose, onDone }: SubscriptionControlModalProps) => {
  const { t } = useTranslation(['staff', 'validation', 'errors']);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<SubscriptionControlPreview | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const keyFor = useIdempotencyKey();
  const previewCall = usePreviewSubscriptionControl({ meta: { handlesError: true } });
  const commit = useCommitSubscriptionControl({ meta: { handlesError: true } });
  if (!control) return null;
  const label = (key: string, options?: Record<string, unknown>) => t(`subscription.controls.${control}.${key}`, options ?? {});

  const close = () => {
    setDraft(EMPTY);
    setErrors({});
    setPreview(null);
    setFailure(null);
    onClose();
  };
  const edit = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setPreview(null);
  };

  const request = (): SubscriptionControlFields | null => {
    const parsed = subscriptionControlPreviewSchemas[control].safeParse({ ...fieldsOf(control, draft), reason: draft.reason });
    const next: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        if (!next[field]) next[field] = t(issue.message, { min: STAFF_REASON_MIN_LENGTH, max: STAFF_REASON_MAX_LENGTH });
      }
    }
    setErrors(next);
    return parsed.success ? parsed.data : null;
  };

  const handlePreview = (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    if (!body) return;
    setFailure(null);
    previewCall.mutate({ userId, control, ...body }, { onSuccess: setPreview, onError: setFailure });
  };

  const handleCommit = () => {
    const body = request();
    if (!body || !preview) return;
    const input = { ...body, preview_token: preview.preview_token };
    setFailure(null);
    commit.mutate(
      { userId, control, ...input, idempotencyKey: keyFor({ control, ...input }) },
      {
        onSuccess: (result) => {
          onDone(control, result);
          close();
        },
        onError: (error) => {
          if (hasErrorCode(error, 'stale_preview')) setPreview(null);
          setFailure(error);
        },
      },
    );
  };

  return (
    <Modal opened onClose={close} title={label('title')} centered size="lg" closeOnClickOutside={!commit.isPending}>
      <form onSubmit={handlePreview} noValidate>
        <Stack gap="md">
          <Text size="sm">{label('body')}</Text>
          {control === 'cancel-now' ? (
            <Checkbox label={t('subscription.proratedCredit')} checked={draft.proratedCredit} onChange={(event) => edit({ proratedCredit: event.currentTarget.checked })} error={errors.prorated_credit} />
          ) : null}
          {control === 'extend-grace' ? (
            <NumberInput
              label={t('subscription.days')}
              description={t('subscription.daysHint', { max: GRACE_EXTENSION_DAYS_MAX })}
              value={draft.days}
              onChange={(days) => edit({ days })}
              min={1}
              max={GRACE_EXTENSION_DAYS_MAX}
              allowDecimal={false}
              clampBehavior="none"
              error={errors.days}
              required
            />
          ) : null}
          {control === 'billing-day' ? (
            <NumberInput
              label={t('subscription.day')}
              description={t('subscription.dayHint', { max: BILLING_DAY_MAX })}
              value={draft.day}
              onChange={(day) => edit({ day })}
              min={1}
              max={BILLING_DAY_MAX}
              allowDecimal={false}
              clampBehavior="none"
              error={errors.day}
              required
            />
          ) : null}
          <ReasonField value={draft.reason} error={errors.reason} onChange={(reason) => edit({ reason })} />
          {preview ? <ControlPreview preview={preview} /> : null}
          <PreviewCommitFooter
            failure={failure}
            previewed={preview !== null}
            previewing={previewCall.isPending}
            committing={commit.isPending}
            previewLabel={t('subscription.preview')}
            commitLabel={label('commit')}
            commitColor={control === 'cancel-now' ? 'red' : undefined}
            onCancel={close}
            onCommit={handleCommit}
          />
        </Stack>
      </form>
    </Modal>
  );
};

/** Amounts and dates stay on one line, however narrow the screen ("+฿2,393.86" never breaks after its sign). */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** What the control changes: only the rows that change, each as now → after, money with libs/money. */
const ControlPreview = ({ preview }: { preview: SubscriptionControlPreview }) => {
  const { t } = useTranslation('staff');
  const currency = isCurrencyCode(preview.currency) ? preview.currency : null;
  const money = (minor: number) => (currency ? formatMoney(minor, currency) : String(minor));
  const date = (value: number | null) => (value === null ? '—' : (formatDate(value) ?? '—'));
  const status = (value: string) => t(`subscription.statusLabel.${value}`, { defaultValue: value });
  const rows: { key: string; label: string; before: string; after: string }[] = [];
  const add = (key: string, change: { before: unknown; after: unknown }, show: (value: never) => string) => {
    if (change.before !== change.after) rows.push({ key, label: t(`subscription.field.${key}`), before: show(change.before as never), after: show(change.after as never) });
  };
  add('status', preview.status, status);
  add('endsAt', preview.ends_at, date);
  add('periodEnd', preview.period_end, date);
  add('nextRetry', preview.next_retry_at, date);
  if (preview.credit_minor > 0 || preview.balance_before_minor !== preview.balance_after_minor) add('balance', { before: preview.balance_before_minor, after: preview.balance_after_minor }, money);
  const fourEyes = { threshold: money(preview.approval_threshold_minor), total: money(preview.window_total_minor), hours: preview.approval_window_hours };
  return (
    <Stack gap="xs" data-testid="subscription-preview">
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{preview.plan.name}</Table.Th>
            <Table.Th scope="col">{t('subscription.field.before')}</Table.Th>
            <Table.Th scope="col">{t('subscription.field.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row">{row.label}</Table.Th>
              <Table.Td style={NO_WRAP}>{row.before}</Table.Td>
              <Table.Td fw={700} style={NO_WRAP}>
                {row.after}
              </Table.Td>
            </Table.Tr>
          ))}
          {preview.credit_minor > 0 ? (
            <Table.Tr>
              <Table.Th scope="row">{t(preview.credit_note ? 'subscription.field.creditNote' : 'subscription.field.credit')}</Table.Th>
              <Table.Td />
              <Table.Td fw={700} style={NO_WRAP}>
                +{money(preview.credit_minor)}
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      {preview.voided_invoices.length > 0 ? <InvoiceList title={t('subscription.field.voided')} invoices={preview.voided_invoices} money={money} /> : null}
      {preview.reopened_invoices.length > 0 ? <InvoiceList title={t('subscription.field.reopened')} invoices={preview.reopened_invoices} money={money} /> : null}
      {preview.cancels_ecpay_agreement ? <Alert color="blue">{t('subscription.ecpay')}</Alert> : null}
      {preview.credit_minor > 0 ? <FourEyesVerdict requiresApproval={preview.requires_approval} needsApproval={t('subscription.needsApproval', fourEyes)} appliesNow={t('subscription.appliesNow', fourEyes)} /> : null}
    </Stack>
  );
};

const InvoiceList = ({ title, invoices, money }: { title: string; invoices: SubscriptionControlPreview['voided_invoices']; money: (minor: number) => string }) => (
  <Stack gap={4}>
    <Text size="sm" fw={600}>
      {title}
    </Text>
    <List size="sm">
      {invoices.map((invoice) => (
        <List.Item key={invoice.id}>
          {invoice.number} · {money(invoice.amount_due_minor)}
        </List.Item>
      ))}
    </List>
  </Stack>
);
