import { Modal, SegmentedControl, Stack, Table, TextInput } from '@mantine/core';
import { hasErrorCode, useCreateCreditAdjustment, usePreviewCreditAdjustment } from '@merchant-hub/api-client';
import type { CurrencyCode } from '@merchant-hub/domain';
import { formatMoney, parseMoney } from '@merchant-hub/money';
import { STAFF_REASON_MAX_LENGTH, STAFF_REASON_MIN_LENGTH, creditAdjustmentPreviewSchema } from '@merchant-hub/validation';
import type { CreditAdjustmentPreview, CreditAdjustmentResult } from '@merchant-hub/validation';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FourEyesVerdict, PreviewCommitFooter, ReasonField } from './money-movement-form';
import { useIdempotencyKey } from './use-idempotency-key';

type Direction = 'credit' | 'debit';
type Draft = { direction: Direction; amount: string; description: string; reason: string };
type FieldErrors = Partial<Record<'amount' | 'description' | 'reason', string>>;

const EMPTY: Draft = { direction: 'credit', amount: '', description: '', reason: '' };

export type CreditAdjustModalProps = {
  opened: boolean;
  userId: number;
  currency: CurrencyCode;
  onClose: () => void;
  onDone: (result: CreditAdjustmentResult) => void;
};

/**
 * Adjust a merchant's credit balance: the staff member fills in the change, the API previews the balance before
 * and after (and whether a second staff member must approve), and only the preview's token commits it.
 */
export const CreditAdjustModal = ({ opened, userId, currency, onClose, onDone }: CreditAdjustModalProps) => {
  const { t } = useTranslation(['staff', 'validation', 'errors']);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<CreditAdjustmentPreview | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const keyFor = useIdempotencyKey();
  const previewCall = usePreviewCreditAdjustment({ meta: { handlesError: true } });
  const commit = useCreateCreditAdjustment({ meta: { handlesError: true } });
  const money = (minor: number) => formatMoney(minor, currency);
  // The four-eyes rule counts what this staff member moved for this merchant over a rolling window.
  const fourEyes = preview
    ? { threshold: money(preview.approval_threshold_minor), total: money(preview.window_total_minor), hours: preview.approval_window_hours }
    : null;

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

  const request = () => {
    const amount = parseMoney(draft.amount, currency);
    const next: FieldErrors = {};
    if (!amount.ok) next.amount = t(`ops.credit.amountError.${amount.error}`);
    const parsed = creditAdjustmentPreviewSchema.safeParse({
      direction: draft.direction,
      amount_minor: amount.ok ? amount.value : 1,
      description: draft.description,
      reason: draft.reason,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'amount_minor' ? 'amount' : issue.path[0];
        if ((field === 'amount' || field === 'description' || field === 'reason') && !next[field])
          next[field] = t(issue.message, { min: STAFF_REASON_MIN_LENGTH, max: STAFF_REASON_MAX_LENGTH });
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
    previewCall.mutate({ userId, ...body }, { onSuccess: setPreview, onError: setFailure });
  };

  const handleCommit = () => {
    const body = request();
    if (!body || !preview) return;
    const input = { ...body, preview_token: preview.preview_token };
    setFailure(null);
    commit.mutate(
      { userId, ...input, idempotencyKey: keyFor(input) },
      {
        onSuccess: (result) => {
          onDone(result);
          close();
        },
        onError: (error) => {
          // The balance moved since the preview: show the new figures before anything is committed.
          if (hasErrorCode(error, 'stale_preview')) setPreview(null);
          setFailure(error);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('ops.credit.title')} centered size="lg" closeOnClickOutside={!commit.isPending}>
      <form onSubmit={handlePreview} noValidate>
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={draft.direction}
            onChange={(direction) => edit({ direction: direction as Direction })}
            data={[
              { value: 'credit', label: t('ops.credit.direction.credit') },
              { value: 'debit', label: t('ops.credit.direction.debit') },
            ]}
            aria-label={t('ops.credit.direction.label')}
          />
          <TextInput
            label={t('ops.credit.amount', { currency })}
            description={t('ops.credit.amountHint', { example: formatMoney(1000, currency) })}
            value={draft.amount}
            onChange={(event) => edit({ amount: event.currentTarget.value })}
            error={errors.amount}
            inputMode="decimal"
            required
            data-autofocus
          />
          <TextInput
            label={t('ops.credit.description')}
            value={draft.description}
            onChange={(event) => edit({ description: event.currentTarget.value })}
            error={errors.description}
            required
          />
          <ReasonField value={draft.reason} error={errors.reason} onChange={(reason) => edit({ reason })} />
          {preview ? (
            <Stack gap="xs" data-testid="credit-preview">
              <Table withTableBorder>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>{t('ops.credit.before')}</Table.Th>
                    <Table.Td ta="right">{money(preview.balance_before_minor)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('ops.credit.after')}</Table.Th>
                    <Table.Td ta="right" fw={700}>
                      {money(preview.balance_after_minor)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <FourEyesVerdict requiresApproval={preview.requires_approval} needsApproval={t('ops.credit.needsApproval', fourEyes ?? {})} appliesNow={t('ops.credit.appliesNow', fourEyes ?? {})} />
            </Stack>
          ) : null}
          <PreviewCommitFooter
            failure={failure}
            previewed={preview !== null}
            previewing={previewCall.isPending}
            committing={commit.isPending}
            previewLabel={t('ops.credit.preview')}
            commitLabel={preview?.requires_approval ? t('ops.credit.requestApproval') : t('ops.credit.commit')}
            onCancel={close}
            onCommit={handleCommit}
          />
        </Stack>
      </form>
    </Modal>
  );
};
