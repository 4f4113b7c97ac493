import type { Messages } from '../../messages';

export const team = {
  nav: '员工账户',
  title: '员工账户',
  superadminOnly: '只有超级管理员可以管理员工账户。',
  loading: '正在加载员工账户…',
  loadFailed: '无法加载员工账户。',
  empty: '暂无员工账户。',
  invite: {
    title: '邀请员工',
    submit: '发送邀请',
    sent: '已向 {{email}} 发送邀请',
  },
  field: {
    email: '电子邮箱',
    name: '姓名',
    role: '角色',
    language: '邀请邮件语言',
  },
  role: {
    support: '客服',
    superadmin: '超级管理员',
    readonly: '只读',
  },
  roleChanged: '{{name}} 现在是{{role}}',
  you: '（您）',
  roleFor: '{{name}} 的角色',
  status: {
    active: '在职',
    invited: '已邀请',
    deactivated: '已停用',
  },
  never: '从未',
  roleChange: {
    message: '将 {{name}} 设为{{role}}。您的理由会记入审计日志。',
  },
  reactivate: {
    action: '重新启用',
    actionFor: '重新启用 {{name}}',
    done: '{{name}} 可以再次登录',
    title: '重新启用这名员工？',
    message: '{{name}}（{{email}}）可以再次以{{role}}身份登录。您的理由会记入审计日志。',
    confirm: '重新启用',
  },
  deactivate: {
    action: '停用',
    done: '{{name}} 已停用并已退出登录',
    title: '停用此员工？',
    message: '{{name}}（{{email}}）将立即退出登录，且无法再登录。',
    confirm: '停用',
    cancel: '取消',
  },
  column: {
    member: '成员',
    role: '角色',
    status: '状态',
    lastSignIn: '最近登录',
    actions: '操作',
  },
} satisfies Messages;
