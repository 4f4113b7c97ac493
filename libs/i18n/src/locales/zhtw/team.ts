import type { Messages } from '../../messages';

export const team = {
  nav: '員工帳戶',
  title: '員工帳戶',
  superadminOnly: '只有超級管理員可以管理員工帳戶。',
  loading: '正在載入員工帳戶…',
  loadFailed: '無法載入員工帳戶。',
  empty: '尚無員工帳戶。',
  invite: {
    title: '邀請員工',
    submit: '寄送邀請',
    sent: '已寄送邀請至 {{email}}',
  },
  field: {
    email: '電子郵件',
    name: '姓名',
    role: '角色',
    language: '邀請信語言',
  },
  role: {
    support: '客服',
    superadmin: '超級管理員',
    readonly: '唯讀',
  },
  roleChanged: '{{name}} 現在是{{role}}',
  you: '（您）',
  roleFor: '{{name}} 的角色',
  status: {
    active: '啟用中',
    invited: '已邀請',
    deactivated: '已停用',
  },
  never: '從未',
  roleChange: {
    message: '將 {{name}} 設為{{role}}。您的理由會記入稽核紀錄。',
  },
  reactivate: {
    action: '重新啟用',
    actionFor: '重新啟用 {{name}}',
    done: '{{name}} 可以再次登入',
    title: '重新啟用這名員工？',
    message: '{{name}}（{{email}}）可以再次以{{role}}身分登入。您的理由會記入稽核紀錄。',
    confirm: '重新啟用',
  },
  deactivate: {
    action: '停用',
    done: '{{name}} 已停用並已登出',
    title: '停用此員工？',
    message: '{{name}}（{{email}}）將立即登出，且無法再登入。',
    confirm: '停用',
    cancel: '取消',
  },
  column: {
    member: '成員',
    role: '角色',
    status: '狀態',
    lastSignIn: '最近登入',
    actions: '操作',
  },
} satisfies Messages;
