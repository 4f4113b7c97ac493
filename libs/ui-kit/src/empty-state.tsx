import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link that gets the user out of the empty state. */
  action?: ReactNode;
};

export const EmptyState = ({ title, description, icon, action }: EmptyStateProps) => (
  <MantineEmptyState py="xl" title={title} description={description} icon={icon} variant={icon ? 'light' : undefined}>
    {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
  </MantineEmptyState>
);
