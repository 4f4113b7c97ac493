import { Table, Text } from '@mantine/core';
import type { PlanChangePreview } from '@merchant-hub/api-client';
import { formatMoney, invoiceAmounts, sumMinor } from '@merchant-hub/money';
import { formatDate } from '@merchant-hub/ui-kit';
import { useBillingTexts } from '../billing-texts';
import { useTranslation } from 'react-i18next';
import { SummaryRow } from './summary-row';

export type UpgradeSummary = {
  credit: number;
  charge: number;
  subtotal: number;
  tax: number;
  rounding: number;
  total: number;
  creditApplied: number;
  amountDue: number;
};

/**
 * The upgrade page's figures from the preview's lines, through libs/money's `invoiceAmounts`, the rule the
 * API invoices with: credit for unused time, charge for the rest, tax on the subtotal (given back with a
 * negative subtotal, whose total goes to the credit balance), then the credit balance before the card. The
 * preview's `applied_balance` is the credit the API found; the Total row shows the API's own amount due.
 */
export const upgradeSummary = (preview: PlanChangePreview): UpgradeSummary => {
  const credit = sumMinor(0, ...preview.lines.filter((l) => l.amount < 0).map((l) => l.amount));
  const charge = sumMinor(0, ...preview.lines.filter((l) => l.amount >= 0).map((l) => l.amount));
  const amounts = invoiceAmounts({
    lines: preview.lines,
    taxPercent: preview.tax_percent ?? preview.package.tax,
    currency: preview.currency,
    balance: -preview.applied_balance,
  });
  return {
    credit,
    charge,
    subtotal: amounts.subtotal,
    tax: amounts.tax,
    rounding: amounts.rounding,
    total: amounts.total,
    creditApplied: amounts.appliedBalance,
    amountDue: amounts.amountDue,
  };
};

/**
 * What a plan change charges today, line by line (credit for unused time, charge for the new plan), then
 * discount, subtotal, tax, rounding, credit applied and the total due: shown before every button that charges.
 */
export const ChargeSummaryTable = ({ preview }: { preview: PlanChangePreview }) => {
  const { t } = useTranslation('billing');
  const { lineText } = useBillingTexts();
  const summary = upgradeSummary(preview);
  const money = (amount: number) => formatMoney(amount, preview.currency);
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('upgrade.line')}</Table.Th>
            <Table.Th ta="right">{t('upgrade.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.lines.map((line, index) => (
            <Table.Tr key={`${index}-${line.description}`}>
              <Table.Td>
                <Text size="sm">{line.amount < 0 ? t('upgrade.proratedCredit') : t('upgrade.proratedCharge')}</Text>
                <Text size="xs" c="dimmed">
                  {lineText(line)} · {formatDate(line.period.start)} – {formatDate(line.period.end)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" c={line.amount < 0 ? 'green' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {money(line.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
          <SummaryRow label={t('upgrade.discount')} value={money(0)} />
          <SummaryRow label={t('upgrade.subtotal')} value={money(summary.subtotal)} />
          <SummaryRow label={t('upgrade.tax', { label: preview.package.tax_label, percent: preview.tax_percent ?? preview.package.tax })} value={money(summary.tax)} />
          {summary.rounding !== 0 ? <SummaryRow label={t('upgrade.rounding')} value={money(summary.rounding)} /> : null}
          <SummaryRow label={t('upgrade.creditApplied')} value={money(-summary.creditApplied)} />
          <SummaryRow label={t('upgrade.total')} value={money(preview.amount_due)} strong testId="upgrade-total" />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
