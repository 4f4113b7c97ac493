import { Button, EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

export type ErrorStateProps = {
  title: string;
  description?: ReactNode;
  /** Offered only when the failed work can be tried again. */
  onRetry?: () => void;
  retryLabel?: string;
  /** A further way out, e.g. a link home. */
  action?: ReactNode;
};

export const ErrorState = ({ title, description, onRetry, retryLabel, action }: ErrorStateProps) => {
  const showRetry = onRetry !== undefined && retryLabel !== undefined;
  return (
    <MantineEmptyState role="alert" py="xl" color="red" variant="light" icon={<span aria-hidden>!</span>} title={title} description={description}>
      {showRetry || action ? (
        <MantineEmptyState.Actions>
          {showRetry ? <Button onClick={onRetry}>{retryLabel}</Button> : null}
          {action}
        </MantineEmptyState.Actions>
      ) : null}
    </MantineEmptyState>
  );
};
