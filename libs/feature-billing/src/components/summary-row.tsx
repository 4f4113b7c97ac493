import { Table } from '@mantine/core';

export type SummaryRowProps = { label: string; value: string; strong?: boolean; testId?: string };

/** One line of a price summary table: the label, and the amount right-aligned on one line. */
export const SummaryRow = ({ label, value, strong, testId }: SummaryRowProps) => (
  <Table.Tr>
    <Table.Td fw={strong ? 700 : undefined}>{label}</Table.Td>
    <Table.Td ta="right" fw={strong ? 700 : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Table.Td>
  </Table.Tr>
);
