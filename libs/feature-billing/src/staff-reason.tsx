import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { errorMessageKeys } from '@merchant-hub/api-client';
import { STAFF_REASON_MAX_LENGTH, STAFF_REASON_MIN_LENGTH, staffReasonField } from '@merchant-hub/validation';
import { createContext, useCallback, useContext, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a money- or subscription-changing call adds to its body: `reason` in staff scope, nothing for a merchant. */
export type StaffReasonFields = { reason?: string };

/** Runs `action` once the reason is known; a merchant's action runs at once with no reason. */
export type RequestStaffReason = (action: (fields: StaffReasonFields) => void) => void;

export type StaffReasonModalProps = {
  opened: boolean;
  title?: string;
  /** What the action does, shown above the reason. */
  children?: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  /** The last failure of the call, shown in the modal (the reason stays filled in). */
  error?: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/**
 * Asks a staff member why, with the API's own limits (the shared `staffReasonField`), before a staff action runs.
 * The reason goes to the audit log and the merchant's timeline. Used by act-on-behalf billing and by every
 * staff operation of the console.
 */
export const StaffReasonModal = ({ opened, title, children, confirmLabel, destructive = false, loading = false, error, onConfirm, onClose }: StaffReasonModalProps) => {
  const { t } = useTranslation(['staff', 'validation', 'errors']);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setFieldError(null);
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffReasonField.safeParse(reason);
    if (!parsed.success) {
      setFieldError(t(parsed.error.issues[0]?.message ?? 'validation:staff.reasonRequired', { min: STAFF_REASON_MIN_LENGTH, max: STAFF_REASON_MAX_LENGTH }));
      return;
    }
    setFieldError(null);
    onConfirm(parsed.data);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title ?? t('staff:reason.title')}
      centered
      zIndex={400}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {typeof children === 'string' || children === undefined ? <Text size="sm">{children ?? t('staff:reason.description')}</Text> : children}
          <Textarea
            label={t('staff:reason.label')}
            description={t('staff:reason.hint', { min: STAFF_REASON_MIN_LENGTH, max: STAFF_REASON_MAX_LENGTH })}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={fieldError}
            rows={3}
            required
            data-autofocus
          />
          {error ? (
            <Alert color="red" role="alert">
              {t(errorMessageKeys(error))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading}>
              {t('staff:reason.cancel')}
            </Button>
            <Button type="submit" color={destructive ? 'red' : undefined} loading={loading}>
              {confirmLabel ?? t('staff:reason.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

const StaffReasonContext = createContext<RequestStaffReason | null>(null);

const runWithoutReason: RequestStaffReason = (action) => action({});

/**
 * Every billing action that changes money or a subscription goes through this: in staff scope it first asks the
 * staff member why (the API refuses a staff change without a reason); in the merchant's own scope there is no
 * provider and the action runs at once, unchanged.
 */
export const useStaffReason = (): RequestStaffReason => useContext(StaffReasonContext) ?? runWithoutReason;

/** Staff scope: holds the action waiting for its reason and the one modal that asks for it. */
export const StaffReasonProvider = ({ children }: { children: ReactNode }) => {
  const [pending, setPending] = useState<((fields: StaffReasonFields) => void) | null>(null);
  const request = useCallback<RequestStaffReason>((action) => setPending(() => action), []);
  const handleConfirm = (reason: string) => {
    const action = pending;
    setPending(null);
    action?.({ reason });
  };
  return (
    <StaffReasonContext.Provider value={request}>
      {children}
      <StaffReasonModal opened={pending !== null} onConfirm={handleConfirm} onClose={() => setPending(null)} />
    </StaffReasonContext.Provider>
  );
};
