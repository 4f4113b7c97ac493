// The mail namespace in Simplified Chinese (see en/mail.ts for the rules on links and codes).
export const mail = {
  loginCode: {
    subject: '您的 Merchant Hub 登录验证码',
    text: '您的登录验证码是 {{code}}，{{minutes}} 分钟内有效。如果这不是您本人的登录操作，请修改密码。',
  },
  loginNotice: {
    subject: 'Merchant Hub 新的登录提醒',
    text: '您的账户于 {{at}} 登录。如果这不是您本人，请在此重设密码：\n{{link}}',
  },
  passwordReset: {
    subject: '重设您的 Merchant Hub 密码',
    text: '打开此链接设置新密码（{{minutes}} 分钟内有效）：\n{{link}}\n如果您没有提出此请求，请忽略本邮件。',
  },
  passwordChanged: {
    subject: '您的 Merchant Hub 密码已更改',
    text: '您的密码已成功重设。如果这不是您本人的操作，请立即联系客服。',
  },
  activation: {
    subject: '完成您的 Merchant Hub 账户设置',
    text: '{{name}}，您好！请通过此链接完成 Merchant Hub 账户设置：\n{{link}}',
  },
  trialCode: {
    text: 'Merchant Hub：您的验证码是 {{code}}，{{minutes}} 分钟内有效。',
  },
  signupWelcome: {
    subject: '欢迎使用 Merchant Hub！',
    text: '欢迎使用 Merchant Hub！请通过此链接验证您的电子邮箱：\n{{link}}',
  },
  checkoutWelcome: {
    subject: '欢迎使用 Merchant Hub！',
    text: '{{name}}，欢迎使用 Merchant Hub！您的 {{plan}} 套餐已生效。请设置密码，以便下次登录：\n{{link}}',
  },
  merchantInvite: {
    subject: '创建您的 Merchant Hub 店铺',
    text: '{{name}}，您好！请在此完成商家账户设置：\n{{link}}',
  },
  invoiceOpen: {
    subject: 'Merchant Hub 发票 {{number}}',
    text: '您的发票 {{number}}（金额 {{amount}}）尚未支付。PDF 已附上。在此查看并付款：\n{{link}}',
  },
  invoicePaid: {
    subject: 'Merchant Hub 发票 {{number}} 的收据',
    text: '谢谢！我们已于 {{date}} 收到您为发票 {{number}} 支付的 {{amount}}。发票 PDF 已附上。在线查看：\n{{link}}',
  },
  paymentFailed: {
    subject: '发票 {{number}} 付款失败',
    text: '我们未能为发票 {{number}} 扣款 {{amount}}。我们将于 {{date}} 再次尝试。为保留您的套餐，请检查银行卡或在后台支付该发票：\n{{link}}',
  },
  paymentFailedFinal: {
    subject: '您的 Merchant Hub 套餐已取消',
    text: '多次尝试后仍未能为发票 {{number}} 扣款 {{amount}}，您的套餐已于 {{date}} 取消。您可以在后台重新订阅：\n{{link}}',
  },
  planEnding: {
    subject: '您的 Merchant Hub 套餐将于 {{date}} 结束',
    text: '您已取消订阅 {{plan}}。该套餐在 {{date}} 前仍然有效，在此之前您可以在后台恢复订阅：\n{{link}}',
  },
  planCanceledNow: {
    subject: '您的 Merchant Hub 套餐已结束',
    text: '我们的团队已于 {{date}} 取消您的套餐 {{plan}}，该套餐已结束。您可以随时在后台重新订阅：\n{{link}}',
  },
  planCanceledNowCredit: {
    subject: '您的 Merchant Hub 套餐已结束',
    text: '我们的团队已于 {{date}} 取消您的套餐 {{plan}}，该套餐已结束。未使用的时间 {{amount}} 已加入您的余额。您可以随时在后台重新订阅：\n{{link}}',
  },
  planChangeScheduled: {
    subject: '您的 Merchant Hub 套餐将于 {{date}} 变更',
    text: '您的套餐将于 {{date}} 变更为 {{plan}}。在此之前您继续使用当前套餐，也可以在后台取消此变更：\n{{link}}',
  },
  contactChanged: {
    subject: '您的 Merchant Hub {{what}}已更改',
    text: '您的 Merchant Hub 账户的{{what}}已更改，此地址将不再收到该账户的登录和密码邮件。如果这不是您本人的操作，请通过此链接举报：我们将恢复您的资料，退出所有会话，并作废所有密码重置链接。\n{{link}}',
  },
  contactChangedByStaff: {
    subject: 'Merchant Hub 客服更改了您的{{what}}',
    text: '我们的客服团队更改了您的 Merchant Hub 账户的{{what}}，此地址将不再收到该账户的登录和密码邮件。如果您没有提出此要求，请通过此链接举报：我们将恢复您的资料，退出所有会话，并作废所有密码重置链接。\n{{link}}',
  },
  contactChange: {
    email: '电子邮件地址',
    phone: '电话号码',
    emailAndPhone: '电子邮件地址和电话号码',
  },
  period: {
    monthly: '月付',
    yearly: '年付',
  },
  /** The hosted invoice page and its PDF (issue 31 #5), in the merchant's language. */
  invoiceDocument: {
    title: '发票 {{number}}',
    issued: '开立日期 {{date}}',
    chargedAutomatically: '自动扣款',
    payOnReceipt: '收到后付款',
    billTo: '账单寄送至',
    status: '状态',
    description: '说明',
    quantity: '数量',
    amount: '金额',
    subtotal: '小计',
    discount: '折扣',
    discountCode: '折扣（{{code}}）',
    tax: '{{label}}（{{percent}}%）',
    rounding: '四舍五入',
    total: '总计',
    appliedBalance: '已使用的余额',
    amountPaid: '已付金额',
    amountDue: '应付金额',
    downloadPdf: '下载 PDF',
    statuses: {
      draft: '草稿',
      open: '待付款',
      paid: '已付款',
      uncollectible: '无法收款',
      void: '已作废',
    },
  },
};
