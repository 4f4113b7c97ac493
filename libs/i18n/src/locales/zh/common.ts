import type { Messages } from '../../messages';

export const common = {
  appName: 'Merchant Hub',
  action: {
    save: '保存',
    cancel: '取消',
    confirm: '确认',
    back: '返回',
    next: '下一步',
    submit: '提交',
    close: '关闭',
    retry: '重试',
    edit: '编辑',
    delete: '删除',
    search: '搜索',
    logout: '退出登录',
    skipToContent: '跳到主要内容',
  },
  page: {
    notFound: '页面不存在',
  },
  nav: {
    billing: '账单',
    profile: '个人资料',
    main: '主菜单',
  },
  field: {
    email: '电子邮箱',
    password: '密码',
    name: '姓名',
    phone: '电话',
    address1: '地址第一行',
    address2: '地址第二行',
    city: '城市',
    postalCode: '邮政编码',
    country: '国家/地区',
    state: '州/省',
    company: '公司',
    language: '语言',
  },
  theme: {
    light: '浅色',
    dark: '深色',
  },
  answer: {
    yes: '是',
    no: '否',
  },
  status: {
    loading: '加载中…',
    error: '出了点问题',
    empty: '这里还没有内容',
  },
  date: {
    formatHint: '日/月/年',
  },
  count: {
    store_other: '{{count}} 家店铺',
  },
} satisfies Messages;
