import { Center, Loader, Stack, Text } from '@mantine/core';

export type PageLoaderProps = {
  /** Read by screen readers, and shown under the spinner when `showLabel` is set. */
  label: string;
  showLabel?: boolean;
};

/** Fills the page while a route's code or data loads. */
export const PageLoader = ({ label, showLabel = false }: PageLoaderProps) => (
  <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
    <Stack align="center" gap="sm">
      <Loader />
      {showLabel ? <Text c="dimmed">{label}</Text> : null}
    </Stack>
  </Center>
);
