import type { BillingNotice, ChargeLineLabel } from '@merchant-hub/validation';
import { chargeLineText, ledgerEntryText, type LedgerLabelWords } from '@merchant-hub/i18n';
import { formatDate } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';

/**
 * The server's words for a billing change and a charge line, in the page's language (issue 31 #5): the API
 * sends what happened as a key and values (`notice`, `label`) beside its English `message`/`description`,
 * which stay the fallback for a kind this page does not know.
 */
export const useBillingTexts = () => {
  const { t } = useTranslation(['billing', 'errors']);
  const period = (value: 'monthly' | 'yearly' | undefined) => (value ? t(`chargeLine.${value}`) : '');

  const noticeText = (result: { message?: string; notice?: BillingNotice }, fallback = ''): string => {
    const notice = result.notice;
    if (!notice) return result.message || fallback;
    switch (notice.kind) {
      case 'planUpgraded':
      case 'welcomePlan':
        return t(`notice.${notice.kind}`, { plan: notice.plan });
      case 'planSwitched':
        return t('notice.planSwitched', { plan: notice.plan, period: period(notice.period) });
      case 'planScheduled':
      case 'planEnding':
        return t(`notice.${notice.kind}`, { plan: notice.plan, date: notice.at === undefined ? '' : formatDate(notice.at) });
      case 'welcome':
      case 'planResumed':
        return t(`notice.${notice.kind}`);
      // Acknowledgements the pages already had words for (errors:success.*, billing:coupon.applied).
      case 'paymentReceived':
      case 'nextPlanCanceled':
      case 'addOnSubscribed':
        return t(`errors:success.${notice.kind === 'nextPlanCanceled' ? 'nextBillingCanceled' : notice.kind}`);
      case 'couponApplied':
        return t('coupon.applied', { code: notice.code ?? '' });
      default:
        return result.message || fallback;
    }
  };

  const lineText = (line: { description: string; label?: ChargeLineLabel }): string =>
    chargeLineText((key, values) => t(key, values), line, (seconds) => formatDate(seconds) ?? '');

  /** A credit-ledger entry: worded from its label when the system wrote it, else as stored (staff-typed, older). */
  const ledgerText = (entry: { description: string | null; type: string; label?: LedgerLabelWords }): string => ledgerEntryText((key, values) => t(key, values), entry);

  return { noticeText, lineText, ledgerText };
};
