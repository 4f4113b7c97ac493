import type { StaffRole, TeamLocale } from '@merchant-hub/validation';

type InviteText = { subject: string; body: (name: string, role: string, link: string, days: number) => string; roles: Record<StaffRole, string> };

/** The staff invitation in the language the inviting superadmin chose for the invitee. */
const INVITE: Record<TeamLocale, InviteText> = {
  en: {
    subject: 'You are invited to the Merchant Hub staff console',
    roles: { support: 'Support', superadmin: 'Superadmin', readonly: 'Read-only staff' },
    body: (name, role, link, days) =>
      `Hello ${name},\n\nYou have been invited to the Merchant Hub staff console as ${role}. Choose your password with this link (valid for ${days} days): ${link}\nThen sign in at the staff console with your e-mail, your password and the 6-digit code we send you.`,
  },
  ms: {
    subject: 'Anda dijemput ke konsol kakitangan Merchant Hub',
    roles: { support: 'Sokongan', superadmin: 'Pentadbir super', readonly: 'Kakitangan baca sahaja' },
    body: (name, role, link, days) =>
      `Helo ${name},\n\nAnda telah dijemput ke konsol kakitangan Merchant Hub sebagai ${role}. Pilih kata laluan anda melalui pautan ini (sah selama ${days} hari): ${link}\nKemudian log masuk ke konsol kakitangan dengan e-mel, kata laluan dan kod 6 digit yang kami hantar kepada anda.`,
  },
  zh: {
    subject: '您已受邀加入 Merchant Hub 员工控制台',
    roles: { support: '客服', superadmin: '超级管理员', readonly: '只读员工' },
    body: (name, role, link, days) =>
      `${name}，您好：\n\n您已受邀以${role}身份加入 Merchant Hub 员工控制台。请通过此链接设置密码（${days} 天内有效）：${link}\n然后使用您的电子邮箱、密码以及我们发送给您的 6 位验证码登录员工控制台。`,
  },
  zhtw: {
    subject: '您已受邀加入 Merchant Hub 員工控制台',
    roles: { support: '客服', superadmin: '超級管理員', readonly: '唯讀員工' },
    body: (name, role, link, days) =>
      `${name}，您好：\n\n您已受邀以${role}身分加入 Merchant Hub 員工控制台。請透過此連結設定密碼（${days} 天內有效）：${link}\n接著使用您的電子郵件、密碼以及我們寄給您的 6 位數驗證碼登入員工控制台。`,
  },
  th: {
    subject: 'คุณได้รับเชิญเข้าสู่คอนโซลพนักงานของ Merchant Hub',
    roles: { support: 'ฝ่ายสนับสนุน', superadmin: 'ผู้ดูแลระบบสูงสุด', readonly: 'พนักงานแบบอ่านอย่างเดียว' },
    body: (name, role, link, days) =>
      `สวัสดีคุณ ${name}\n\nคุณได้รับเชิญเข้าสู่คอนโซลพนักงานของ Merchant Hub ในบทบาท ${role} ตั้งรหัสผ่านของคุณผ่านลิงก์นี้ (ใช้ได้ ${days} วัน): ${link}\nจากนั้นเข้าสู่ระบบคอนโซลพนักงานด้วยอีเมล รหัสผ่าน และรหัส 6 หลักที่เราส่งให้คุณ`,
  },
};

export const inviteEmail = (locale: TeamLocale, input: { name: string; role: StaffRole; link: string; days: number }): { subject: string; text: string } => {
  const copy = INVITE[locale];
  return { subject: copy.subject, text: copy.body(input.name, copy.roles[input.role], input.link, input.days) };
};
