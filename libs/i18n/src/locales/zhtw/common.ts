import type { Messages } from '../../messages';

export const common = {
  appName: 'Merchant Hub',
  action: {
    save: '儲存',
    cancel: '取消',
    confirm: '確認',
    back: '返回',
    next: '下一步',
    submit: '送出',
    close: '關閉',
    retry: '重試',
    edit: '編輯',
    delete: '刪除',
    search: '搜尋',
    logout: '登出',
    skipToContent: '跳到主要內容',
  },
  page: {
    notFound: '找不到頁面',
  },
  nav: {
    billing: '帳單',
    profile: '個人資料',
    main: '主選單',
  },
  field: {
    email: '電子郵件',
    password: '密碼',
    name: '姓名',
    phone: '電話',
    address1: '地址第一行',
    address2: '地址第二行',
    city: '城市',
    postalCode: '郵遞區號',
    country: '國家/地區',
    state: '縣市/州',
    company: '公司',
    language: '語言',
  },
  theme: {
    light: '淺色',
    dark: '深色',
  },
  answer: {
    yes: '是',
    no: '否',
  },
  status: {
    loading: '載入中…',
    error: '發生錯誤',
    empty: '這裡還沒有任何內容',
  },
  date: {
    formatHint: '日/月/年',
  },
  count: {
    store_other: '{{count}} 間商店',
  },
} satisfies Messages;
