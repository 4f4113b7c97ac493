import type { Messages } from '../../messages';

// The staff console. staff-api owns `timeline.*` and `clock.*` (title keys the API answers with); screens add
// their own subtrees beside them.
export const staff = {
  timeline: {
    subscription: {
      created: '订阅了 {{plan}}',
      changeScheduled: '已安排更改为 {{plan}}',
      canceled: '方案 {{plan}} 已取消',
      pastDue: '方案 {{plan}} 已逾期',
    },
    invoice: {
      open: '已开具发票 {{number}}',
      paid: '发票 {{number}} 已付款',
      void: '发票 {{number}} 已作废',
      uncollectible: '发票 {{number}} 已标记为无法收回',
      draft: '已起草发票 {{number}}',
    },
    payment: {
      succeeded: '已收到 {{number}} 的付款',
      failed: '{{number}} 付款失败：{{failure}}',
      pending: '{{number}} 的付款处理中（{{status}}）',
    },
    dunning: {
      retryScheduled: '已安排第 {{attempt}} 次付款重试',
    },
    coupon: {
      redeemed: '已使用优惠券 {{code}}',
    },
    credit: {
      entry: '余额账本：{{description}}',
    },
    email: {
      sent: '已发送邮件：{{subject}}',
    },
    staff: {
      viewed: '员工查看了账户',
      creditAdjusted: '员工调整了余额',
      creditRequested: '员工申请批准余额调整',
      creditApproved: '员工批准了余额调整',
      creditRejected: '员工拒绝了余额调整',
      creditReversed: '员工冲销了余额调整',
      invoiceVoided: '员工作废了发票',
      invoiceUncollectible: '员工将发票标记为无法收回',
      invoiceResent: '员工重新发送了发票邮件',
      wizardInvite: '员工发送了商家设置邀请',
      passwordReset: '员工发送了重置密码链接',
      signInBanLifted: '员工解除了登录封锁',
      clockAdvanced: '员工将测试时钟向前调整',
      billing: '员工在账单页面操作（{{action}}）',
      refused: '员工操作被拒绝（{{action}}）',
    },
  },
  clock: {
    renewal: '{{plan}} 已续订',
    retry: '已重试 {{number}} 的付款',
    scheduledChange: '已应用预定更改：现为 {{plan}}',
    cancellation: '{{plan}} 已取消',
    expiry: '{{plan}} 试用已结束',
  },
} satisfies Messages;
