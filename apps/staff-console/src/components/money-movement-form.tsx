import { Alert, Button, Group, Text, Textarea } from '@mantine/core';
import { errorMessageKeys } from '@merchant-hub/api-client';
import { STAFF_REASON_MAX_LENGTH, STAFF_REASON_MIN_LENGTH } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';

// The parts every staff money movement's dialog shares (credit adjustment, refund): the reason, the four-eyes
// verdict of the preview, the error, and the preview-then-commit footer.

export const ReasonField = ({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) => {
  const { t } = useTranslation('staff');
  return (
    <Textarea
      label={t('reason.label')}
      description={t('reason.hint', { min: STAFF_REASON_MIN_LENGTH, max: STAFF_REASON_MAX_LENGTH })}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      rows={3}
      required
    />
  );
};

/** Whether the movement waits for a second staff member, said before anything is committed. */
export const FourEyesVerdict = ({ requiresApproval, needsApproval, appliesNow }: { requiresApproval: boolean; needsApproval: string; appliesNow: string }) =>
  requiresApproval ? (
    <Alert color="yellow">{needsApproval}</Alert>
  ) : (
    <Text size="sm" c="dimmed">
      {appliesNow}
    </Text>
  );

export type PreviewCommitFooterProps = {
  failure: unknown;
  previewed: boolean;
  previewing: boolean;
  committing: boolean;
  previewLabel: string;
  commitLabel: string;
  commitColor?: string;
  onCancel: () => void;
  onCommit: () => void;
};

/** The error, Cancel, and Preview (a submit) until there is a preview, then the commit button. */
export const PreviewCommitFooter = ({ failure, previewed, previewing, committing, previewLabel, commitLabel, commitColor, onCancel, onCommit }: PreviewCommitFooterProps) => {
  const { t } = useTranslation(['staff', 'errors']);
  return (
    <>
      {failure ? (
        <Alert color="red" role="alert">
          {t(errorMessageKeys(failure))}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={committing}>
          {t('reason.cancel')}
        </Button>
        {previewed ? (
          <Button color={commitColor} onClick={onCommit} loading={committing}>
            {commitLabel}
          </Button>
        ) : (
          <Button type="submit" loading={previewing}>
            {previewLabel}
          </Button>
        )}
      </Group>
    </>
  );
};
