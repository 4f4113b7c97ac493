import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReadOnly } from '../app/read-only';

/** Approve and Reject of a request waiting for a second staff member; the requester's own are disabled and say why; read-only staff get none. */
export const DecisionButtons = ({ own, onApprove, onReject }: { own: boolean; onApprove: () => void; onReject: () => void }) => {
  const { t } = useTranslation('staff');
  if (useReadOnly()) return null;
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        <Button size="xs" color="green" disabled={own} onClick={onApprove}>
          {t('approvals.approve.action')}
        </Button>
        <Button size="xs" variant="default" disabled={own} onClick={onReject}>
          {t('approvals.reject.action')}
        </Button>
      </Group>
      {own ? (
        <Text size="xs" c="dimmed">
          {t('approvals.ownRequest')}
        </Text>
      ) : null}
    </Stack>
  );
};
