/** An i18next `t` (or any function like it): a namespaced key and its values in, the text out. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** What a charge line is, as the API sends it beside its English description (libs/domain ChargeLineWords). */
export type ChargeLineLabelWords = { kind: string; plan: string; quantity?: number; period?: string; discount?: number; at?: number };

/**
 * A charge line in the language `t` speaks (issue 31 #5): the plan-change preview, the invoice page and its PDF
 * word a line from its label with the `billing:chargeLine.*` texts; `day` writes the date the reader's way
 * (DD/MM/YYYY). A line without a label, or of a kind this build does not know, keeps its English description.
 */
export const chargeLineText = (t: Translate, line: { description: string; label?: ChargeLineLabelWords | null }, day: (seconds: number) => string): string => {
  const label = line.label;
  if (!label) return line.description;
  const quantity = label.quantity ?? 1;
  const date = label.at === undefined ? '' : day(label.at);
  const period = label.period === 'monthly' || label.period === 'yearly' ? t(`billing:chargeLine.${label.period}`) : (label.period ?? '');
  const named = quantity > 1 ? `${quantity} × ${label.plan}` : label.plan;
  switch (label.kind) {
    case 'unused':
    case 'remaining':
      return t(`billing:chargeLine.${label.kind}`, { plan: label.plan, date });
    case 'unusedQuantity':
      return t('billing:chargeLine.unusedQuantity', { plan: label.plan, quantity });
    case 'plan':
      return label.discount ? t('billing:chargeLine.planDiscounted', { plan: named, period, percent: label.discount }) : t('billing:chargeLine.plan', { plan: named, period });
    case 'prorated':
      return t('billing:chargeLine.prorated', { plan: named, period, date });
    default:
      return line.description;
  }
};

/** What a credit-ledger entry the system wrote is (libs/domain LedgerLabel): a `billing:ledger.*` key and its values. */
export type LedgerLabelWords = { key: string; params: Record<string, unknown> };

const LEDGER_KEYS = ['freeMonth', 'unusedCancelled', 'reversal', 'invoiceCredit', 'appliedToInvoice', 'invoiceVoided'];

const isLedgerLabel = (value: unknown): value is LedgerLabelWords =>
  typeof value === 'object' && value !== null && typeof (value as LedgerLabelWords).key === 'string' && typeof (value as LedgerLabelWords).params === 'object';

/**
 * A credit-ledger entry in the language `t` speaks (the merchant's credit history): an entry the system wrote is
 * worded from its label; a reversal words what it reverses the same way, or keeps it as staff typed it. An entry
 * without a label (staff-typed, written before) or of a key this build does not know keeps its stored text.
 */
export const ledgerEntryText = (t: Translate, entry: { description: string | null; type?: string; label?: LedgerLabelWords | null }): string => {
  const fallback = entry.description ?? entry.type ?? '';
  const label = entry.label;
  if (!label || !LEDGER_KEYS.includes(label.key)) return fallback;
  const params = label.params ?? {};
  if (label.key === 'reversal') {
    const of = params.of;
    const reversed = isLedgerLabel(of) ? ledgerEntryText(t, { description: String(params.description ?? ''), label: of }) : String(params.description ?? '');
    return t('billing:ledger.reversal', { description: reversed });
  }
  return t(`billing:ledger.${label.key}`, { number: params.number, plan: params.plan });
};

/** The i18n key of a market's sales tax by its local name (`billing:taxName.MY` → SST, 銷售與服務稅（SST）…). */
export const taxNameKey = (market: string): string => `billing:taxName.${market}`;
