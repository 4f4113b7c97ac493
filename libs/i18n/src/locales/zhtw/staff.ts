import type { Messages } from '../../messages';

// The staff console. staff-api owns `timeline.*` and `clock.*` (title keys the API answers with); screens add
// their own subtrees beside them.
export const staff = {
  timeline: {
    subscription: {
      created: '訂閱了 {{plan}}',
      changeScheduled: '已排定變更為 {{plan}}',
      canceled: '方案 {{plan}} 已取消',
      pastDue: '方案 {{plan}} 已逾期',
    },
    invoice: {
      open: '已開立發票 {{number}}',
      paid: '發票 {{number}} 已付款',
      void: '發票 {{number}} 已作廢',
      uncollectible: '發票 {{number}} 已標記為無法收回',
      draft: '已草擬發票 {{number}}',
    },
    payment: {
      succeeded: '已收到 {{number}} 的付款',
      failed: '{{number}} 付款失敗：{{failure}}',
      pending: '{{number}} 的付款處理中（{{status}}）',
    },
    dunning: {
      retryScheduled: '已排定第 {{attempt}} 次付款重試',
    },
    coupon: {
      redeemed: '已使用優惠券 {{code}}',
    },
    credit: {
      entry: '餘額帳本：{{description}}',
    },
    email: {
      sent: '已寄出電子郵件：{{subject}}',
    },
    staff: {
      viewed: '員工查看了帳戶',
      creditAdjusted: '員工調整了餘額',
      creditRequested: '員工申請核准餘額調整',
      creditApproved: '員工核准了餘額調整',
      creditRejected: '員工拒絕了餘額調整',
      creditReversed: '員工沖銷了餘額調整',
      invoiceVoided: '員工作廢了發票',
      invoiceUncollectible: '員工將發票標記為無法收回',
      invoiceResent: '員工重新寄出了發票電子郵件',
      wizardInvite: '員工寄出了商家設定邀請',
      passwordReset: '員工寄出了重設密碼連結',
      signInBanLifted: '員工解除了登入封鎖',
      clockAdvanced: '員工將測試時鐘向前調整',
      billing: '員工在帳單頁面操作（{{action}}）',
      refused: '員工操作被拒絕（{{action}}）',
    },
  },
  clock: {
    renewal: '{{plan}} 已續訂',
    retry: '已重試 {{number}} 的付款',
    scheduledChange: '已套用排定變更：目前為 {{plan}}',
    cancellation: '{{plan}} 已取消',
    expiry: '{{plan}} 試用已結束',
  },
} satisfies Messages;
