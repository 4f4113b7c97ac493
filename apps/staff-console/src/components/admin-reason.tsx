import { StaffReasonModal } from '@merchant-hub/feature-billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One admin change waiting for its reason: what it is, and the call that makes it with the reason. */
export type AdminChange = {
  /** The step's heading; "Why are you doing this?" when left out. */
  title?: string;
  /** What the change does, above the reason field; the generic "kept in the audit log" line when left out. */
  description?: string;
  confirmLabel?: string;
  destructive?: boolean;
  run: (reason: string) => Promise<unknown>;
};

/**
 * Issue 27 §8: every catalog, promotion and team change asks the superadmin why before it is made, with the
 * API's own limits; the reason goes to the audit log. `ask(change)` opens the step, `modal` renders it. A failed
 * call stays in the step with its error (the reason still filled in).
 */
export const useAdminReason = () => {
  const { t } = useTranslation('staff');
  const [change, setChange] = useState<AdminChange | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setChange(null);
    setError(null);
  };
  const confirm = async (reason: string) => {
    if (!change) return;
    setRunning(true);
    setError(null);
    try {
      await change.run(reason);
      close();
    } catch (failure) {
      setError(failure);
    } finally {
      setRunning(false);
    }
  };
  const modal = (
    <StaffReasonModal
      opened={change !== null}
      title={change?.title}
      confirmLabel={change?.confirmLabel}
      destructive={change?.destructive}
      loading={running}
      error={error}
      onConfirm={(reason) => void confirm(reason)}
      onClose={close}
    >
      {change?.description ?? t('reason.adminDescription')}
    </StaffReasonModal>
  );
  return { ask: setChange, modal };
};
