// The mail namespace in Traditional Chinese, Taiwan usage (see en/mail.ts for the rules on links and codes).
export const mail = {
  loginCode: {
    subject: '您的 Merchant Hub 登入驗證碼',
    text: '您的登入驗證碼是 {{code}}，{{minutes}} 分鐘內有效。如果這不是您本人的登入操作，請變更密碼。',
  },
  loginNotice: {
    subject: 'Merchant Hub 新的登入通知',
    text: '您的帳號於 {{at}} 登入。如果這不是您本人，請在此重設密碼：\n{{link}}',
  },
  passwordReset: {
    subject: '重設您的 Merchant Hub 密碼',
    text: '開啟此連結設定新密碼（{{minutes}} 分鐘內有效）：\n{{link}}\n如果您沒有提出此要求，請忽略本郵件。',
  },
  passwordChanged: {
    subject: '您的 Merchant Hub 密碼已變更',
    text: '您的密碼已成功重設。如果這不是您本人的操作，請立即聯絡客服。',
  },
  activation: {
    subject: '完成您的 Merchant Hub 帳號設定',
    text: '{{name}}，您好！請透過此連結完成 Merchant Hub 帳號設定：\n{{link}}',
  },
  trialCode: {
    text: 'Merchant Hub：您的驗證碼是 {{code}}，{{minutes}} 分鐘內有效。',
  },
  signupWelcome: {
    subject: '歡迎使用 Merchant Hub！',
    text: '歡迎使用 Merchant Hub！請透過此連結驗證您的電子郵件：\n{{link}}',
  },
  checkoutWelcome: {
    subject: '歡迎使用 Merchant Hub！',
    text: '{{name}}，歡迎使用 Merchant Hub！您的 {{plan}} 方案已生效。請設定密碼，以便下次登入：\n{{link}}',
  },
  merchantInvite: {
    subject: '建立您的 Merchant Hub 商店',
    text: '{{name}}，您好！請在此完成商家帳號設定：\n{{link}}',
  },
  invoiceOpen: {
    subject: 'Merchant Hub 帳單 {{number}}',
    text: '您的帳單 {{number}}（金額 {{amount}}）尚未付款。PDF 已附上。在此檢視並付款：\n{{link}}',
  },
  invoicePaid: {
    subject: 'Merchant Hub 帳單 {{number}} 的收據',
    text: '謝謝！我們已於 {{date}} 收到您為帳單 {{number}} 支付的 {{amount}}。帳單 PDF 已附上。線上檢視：\n{{link}}',
  },
  paymentFailed: {
    subject: '帳單 {{number}} 付款失敗',
    text: '我們無法為帳單 {{number}} 扣款 {{amount}}。我們將於 {{date}} 再次嘗試。為保留您的方案，請檢查信用卡或在後台支付該帳單：\n{{link}}',
  },
  paymentFailedFinal: {
    subject: '您的 Merchant Hub 方案已取消',
    text: '多次嘗試後仍無法為帳單 {{number}} 扣款 {{amount}}，您的方案已於 {{date}} 取消。您可以在後台重新訂閱：\n{{link}}',
  },
  planEnding: {
    subject: '您的 Merchant Hub 方案將於 {{date}} 結束',
    text: '您已取消訂閱 {{plan}}。該方案在 {{date}} 前仍然有效，在此之前您可以在後台恢復訂閱：\n{{link}}',
  },
  planCanceledNow: {
    subject: '您的 Merchant Hub 方案已結束',
    text: '我們的團隊已於 {{date}} 取消您的方案 {{plan}}，該方案已結束。您可以隨時在後台重新訂閱：\n{{link}}',
  },
  planCanceledNowCredit: {
    subject: '您的 Merchant Hub 方案已結束',
    text: '我們的團隊已於 {{date}} 取消您的方案 {{plan}}，該方案已結束。未使用的時間 {{amount}} 已加入您的餘額。您可以隨時在後台重新訂閱：\n{{link}}',
  },
  planChangeScheduled: {
    subject: '您的 Merchant Hub 方案將於 {{date}} 變更',
    text: '您的方案將於 {{date}} 變更為 {{plan}}。在此之前您繼續使用目前的方案，也可以在後台取消此變更：\n{{link}}',
  },
  contactChanged: {
    subject: '您的 Merchant Hub {{what}}已變更',
    text: '您的 Merchant Hub 帳號的{{what}}已變更，此地址將不再收到該帳號的登入和密碼郵件。如果這不是您本人的操作，請透過此連結回報：我們將還原您的資料、登出所有工作階段，並作廢所有密碼重設連結。\n{{link}}',
  },
  contactChangedByStaff: {
    subject: 'Merchant Hub 客服變更了您的{{what}}',
    text: '我們的客服團隊變更了您的 Merchant Hub 帳號的{{what}}，此地址將不再收到該帳號的登入和密碼郵件。如果您沒有提出此要求，請透過此連結回報：我們將還原您的資料、登出所有工作階段，並作廢所有密碼重設連結。\n{{link}}',
  },
  contactChange: {
    email: '電子郵件地址',
    phone: '電話號碼',
    emailAndPhone: '電子郵件地址和電話號碼',
  },
  period: {
    monthly: '月繳',
    yearly: '年繳',
  },
  /** The hosted invoice page and its PDF (issue 31 #5), in the merchant's language. */
  invoiceDocument: {
    title: '發票 {{number}}',
    issued: '開立日期 {{date}}',
    chargedAutomatically: '自動扣款',
    payOnReceipt: '收到後付款',
    billTo: '帳單寄送至',
    status: '狀態',
    description: '說明',
    quantity: '數量',
    amount: '金額',
    subtotal: '小計',
    discount: '折扣',
    discountCode: '折扣（{{code}}）',
    tax: '{{label}}（{{percent}}%）',
    rounding: '四捨五入',
    total: '總計',
    appliedBalance: '已使用的餘額',
    amountPaid: '已付金額',
    amountDue: '應付金額',
    downloadPdf: '下載 PDF',
    statuses: {
      draft: '草稿',
      open: '待付款',
      paid: '已付款',
      uncollectible: '無法收款',
      void: '已作廢',
    },
  },
};
