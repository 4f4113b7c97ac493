import { Modal, Stack, Table, TextInput } from '@mantine/core';
import { hasErrorCode, useCreateRefund, usePreviewRefund } from '@merchant-hub/api-client';
import type { CurrencyCode } from '@merchant-hub/domain';
import { formatMoney, parseMoney } from '@merchant-hub/money';
import { STAFF_REASON_MAX_LENGTH, STAFF_REASON_MIN_LENGTH, refundPreviewSchema } from '@merchant-hub/validation';
import type { RefundPreview, RefundResult } from '@merchant-hub/validation';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FourEyesVerdict, PreviewCommitFooter, ReasonField } from './money-movement-form';
import { useIdempotencyKey } from './use-idempotency-key';

type Draft = { amount: string; reason: string };
type FieldErrors = Partial<Record<'amount' | 'reason', string>>;

export type RefundTarget = { id: string; number: string; currency: CurrencyCode; refundableMinor: number };

export type RefundModalProps = {
  invoice: RefundTarget | null;
  onClose: () => void;
  onDone: (result: RefundResult) => void;
};

/**
 * Refund all or part of a paid invoice: the staff member gives the amount and a reason, the API previews what
 * was paid, what is left and whether a second staff member must approve, and only the preview's token commits.
 */
export const RefundModal = ({ invoice, onClose, onDone }: RefundModalProps) => {
  const { t } = useTranslation(['staff', 'validation', 'errors']);
  const empty: Draft = { amount: '', reason: '' };
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<RefundPreview | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const keyFor = useIdempotencyKey();
  const previewCall = usePreviewRefund({ meta: { handlesError: true } });
  const commit = useCreateRefund({ meta: { handlesError: true } });
  if (!invoice) return null;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const fourEyes = preview ? { threshold: money(preview.approval_threshold_minor), total: money(preview.window_total_minor), hours: preview.approval_window_hours } : null;

  const close = () => {
    setDraft(empty);
    setErrors({});
    setPreview(null);
    setFailure(null);
    onClose();
  };
  const edit = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setPreview(null);
  };

  const request = () => {
    const amount = parseMoney(draft.amount, invoice.currency);
    const next: FieldErrors = {};
    if (!amount.ok) next.amount = t(`ops.credit.amountError.${amount.error}`);
    const parsed = refundPreviewSchema.safeParse({ amount_minor: amount.ok ? amount.value : 1, reason: draft.reason });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'amount_minor' ? 'amount' : issue.path[0];
        if ((field === 'amount' || field === 'reason') && !next[field]) next[field] = t(issue.message, { min: STAFF_REASON_MIN_LENGTH, max: STAFF_REASON_MAX_LENGTH });
      }
    }
    setErrors(next);
    return Object.keys(next).length === 0 && parsed.success ? parsed.data : null;
  };

  const handlePreview = (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    if (!body) return;
    setFailure(null);
    previewCall.mutate({ invoiceId: invoice.id, ...body }, { onSuccess: setPreview, onError: setFailure });
  };

  const handleCommit = () => {
    const body = request();
    if (!body || !preview) return;
    const input = { ...body, preview_token: preview.preview_token };
    setFailure(null);
    commit.mutate(
      { invoiceId: invoice.id, ...input, idempotencyKey: keyFor(input) },
      {
        onSuccess: (result) => {
          onDone(result);
          close();
        },
        onError: (error) => {
          // Someone refunded meanwhile: show the new figures before anything is sent.
          if (hasErrorCode(error, 'stale_preview')) setPreview(null);
          setFailure(error);
        },
      },
    );
  };

  return (
    <Modal opened onClose={close} title={t('refunds.modal.title', { number: invoice.number })} centered size="lg" closeOnClickOutside={!commit.isPending}>
      <form onSubmit={handlePreview} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('refunds.modal.amount', { currency: invoice.currency })}
            description={t('refunds.modal.amountHint', { max: money(invoice.refundableMinor) })}
            value={draft.amount}
            onChange={(event) => edit({ amount: event.currentTarget.value })}
            error={errors.amount}
            inputMode="decimal"
            required
            data-autofocus
          />
          <ReasonField value={draft.reason} error={errors.reason} onChange={(reason) => edit({ reason })} />
          {preview ? (
            <Stack gap="xs" data-testid="refund-preview">
              <Table withTableBorder>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>{t('refunds.modal.paid')}</Table.Th>
                    <Table.Td ta="right">{money(preview.paid_minor)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('refunds.modal.refunded')}</Table.Th>
                    <Table.Td ta="right">{money(preview.refunded_minor)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('refunds.modal.refundable')}</Table.Th>
                    <Table.Td ta="right" fw={700}>
                      {money(preview.refundable_minor)}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('refunds.modal.method')}</Table.Th>
                    <Table.Td ta="right">{t(`refunds.modal.methods.${preview.method}`, { defaultValue: preview.method })}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <FourEyesVerdict requiresApproval={preview.requires_approval} needsApproval={t('refunds.modal.needsApproval', fourEyes ?? {})} appliesNow={t('refunds.modal.appliesNow', fourEyes ?? {})} />
            </Stack>
          ) : null}
          <PreviewCommitFooter
            failure={failure}
            previewed={preview !== null}
            previewing={previewCall.isPending}
            committing={commit.isPending}
            previewLabel={t('refunds.modal.preview')}
            commitLabel={preview?.requires_approval ? t('refunds.modal.requestApproval') : t('refunds.modal.commit', { amount: money(preview?.amount_minor ?? 0) })}
            commitColor="red"
            onCancel={close}
            onCommit={handleCommit}
          />
        </Stack>
      </form>
    </Modal>
  );
};
