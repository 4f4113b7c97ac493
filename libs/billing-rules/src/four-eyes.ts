import { sumMinor } from '@merchant-hub/money';

/**
 * The four-eyes rule for staff money movements (credit adjustments, refunds): a second staff member approves
 * when what one staff member moves for one merchant within a rolling window goes above the threshold of the
 * merchant's currency (issue 26 §2: three credits of exactly the threshold, one after another, each passed on
 * its own). Amounts are positive minor units, whatever their direction. The thresholds and the window here are the
 * defaults: superadmins set the values in use in the staff console (the API's settings module, issue 27).
 */
export const APPROVAL_THRESHOLD_MINOR: Readonly<Record<string, number>> = { MYR: 50_000, SGD: 20_000, PHP: 500_000, THB: 300_000, TWD: 300_000 };
export const DEFAULT_APPROVAL_THRESHOLD_MINOR = 20_000;
/** The rolling window: the last 24 hours, counted back from the movement being asked for. */
export const APPROVAL_WINDOW_SECONDS = 24 * 60 * 60;

export const approvalThresholdOf = (currency: string): number => APPROVAL_THRESHOLD_MINOR[currency] ?? DEFAULT_APPROVAL_THRESHOLD_MINOR;

export type FourEyesInput = {
  /** The movement asked for now. */
  amountMinor: number;
  /** What the same staff member moved for the same merchant within the window without a second person. */
  windowAmountsMinor: readonly number[];
  thresholdMinor: number;
};

export type FourEyesOutcome = { windowTotalMinor: number; requiresApproval: boolean };

/** The running total the movement would make, and whether it needs a second staff member. */
export const fourEyes = ({ amountMinor, windowAmountsMinor, thresholdMinor }: FourEyesInput): FourEyesOutcome => {
  const windowTotalMinor = sumMinor(...windowAmountsMinor, amountMinor);
  return { windowTotalMinor, requiresApproval: windowTotalMinor > thresholdMinor };
};
