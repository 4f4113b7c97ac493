import type { Package, UsageItem, UsageLimit } from '@merchant-hub/domain';
import { USAGE_ITEMS } from '@merchant-hub/domain';

export type UsageState = 'normal' | 'exception';

/** English labels of the Usage Limit card (spec §9), in the card's order. */
export const USAGE_ITEM_LABELS: Readonly<Record<UsageItem, string>> = {
  order: 'Orders (monthly)',
  item: 'Inventory SKU',
  channel: 'Sales Channel',
  staff: 'Staff',
  warehouse: 'Warehouse',
  competitor_products: 'Competitor Analysis',
};

/**
 * Spec §5: 0 when the limit is unlimited ('*') or missing; a limit of 0 (or below) has nothing to divide by
 * and is treated as missing. Otherwise the rounded share, capped at 100 because usage can exceed the limit.
 */
export const usagePercent = (current: number | null | undefined, max: UsageLimit | null | undefined): number => {
  if (max === '*' || max === null || max === undefined || !(max > 0)) return 0;
  const used = current !== null && current !== undefined && current > 0 ? current : 0;
  return Math.min(100, Math.round((used / max) * 100));
};

/** At 100 % the bar shows its exception state (spec §5). */
export const usageState = (percent: number): UsageState => (percent >= 100 ? 'exception' : 'normal');

export type UsageRow = {
  item: UsageItem;
  /** i18n key suffix; equals the usage field name. */
  labelKey: UsageItem;
  label: string;
  current: number;
  max: UsageLimit | null;
  percent: number;
  state: UsageState;
};

type UsageFields = Partial<Pick<Package, `max_${UsageItem}` | `current_${UsageItem}`>>;

/** The rows of the Usage Limit card for a plan's current_/max_ pairs. */
export const usageRows = (usage: UsageFields): UsageRow[] =>
  USAGE_ITEMS.map((item) => {
    const current = usage[`current_${item}`] ?? 0;
    const max = usage[`max_${item}`] ?? null;
    const percent = usagePercent(current, max);
    return { item, labelKey: item, label: USAGE_ITEM_LABELS[item], current, max, percent, state: usageState(percent) };
  });
