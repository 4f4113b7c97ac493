import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ConfirmModalProps = {
  opened: boolean;
  title: ReactNode;
  /** The question or consequence the user confirms. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: the confirm button spins and the modal cannot be dismissed. */
  loading?: boolean;
  /** Paints the confirm button red for actions that remove or cancel something. */
  destructive?: boolean;
};

export const ConfirmModal = ({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  loading = false,
  destructive = false,
}: ConfirmModalProps) => (
  <Modal
    opened={opened}
    onClose={onCancel}
    title={title}
    centered
    closeOnClickOutside={!loading}
    closeOnEscape={!loading}
    withCloseButton={!loading}
  >
    <Stack gap="lg">
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button color={destructive ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
);
