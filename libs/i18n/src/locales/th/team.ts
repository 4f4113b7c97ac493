import type { Messages } from '../../messages';

export const team = {
  nav: 'บัญชีพนักงาน',
  title: 'บัญชีพนักงาน',
  superadminOnly: 'เฉพาะผู้ดูแลระบบสูงสุดเท่านั้นที่จัดการบัญชีพนักงานได้',
  loading: 'กำลังโหลดบัญชีพนักงาน…',
  loadFailed: 'โหลดบัญชีพนักงานไม่สำเร็จ',
  empty: 'ยังไม่มีบัญชีพนักงาน',
  invite: {
    title: 'เชิญพนักงาน',
    submit: 'ส่งคำเชิญ',
    sent: 'ส่งคำเชิญไปที่ {{email}} แล้ว',
  },
  field: {
    email: 'อีเมล',
    name: 'ชื่อ',
    role: 'บทบาท',
    language: 'ภาษาของคำเชิญ',
  },
  role: {
    support: 'ฝ่ายสนับสนุน',
    superadmin: 'ผู้ดูแลระบบสูงสุด',
    readonly: 'อ่านอย่างเดียว',
  },
  roleChanged: '{{name}} เป็น{{role}}แล้ว',
  you: '(คุณ)',
  roleFor: 'บทบาทของ {{name}}',
  status: {
    active: 'ใช้งานอยู่',
    invited: 'ได้รับเชิญ',
    deactivated: 'ปิดใช้งานแล้ว',
  },
  never: 'ไม่เคย',
  roleChange: {
    message: 'ตั้ง {{name}} เป็น{{role}} เหตุผลของคุณจะถูกเก็บในบันทึกการตรวจสอบ',
  },
  reactivate: {
    action: 'เปิดใช้งานอีกครั้ง',
    actionFor: 'เปิดใช้งาน {{name}} อีกครั้ง',
    done: '{{name}} เข้าสู่ระบบได้อีกครั้งแล้ว',
    title: 'เปิดใช้งานพนักงานคนนี้อีกครั้ง?',
    message: '{{name}} ({{email}}) จะเข้าสู่ระบบได้อีกครั้งในฐานะ{{role}} เหตุผลของคุณจะถูกเก็บในบันทึกการตรวจสอบ',
    confirm: 'เปิดใช้งานอีกครั้ง',
  },
  deactivate: {
    action: 'ปิดใช้งาน',
    done: 'ปิดใช้งานและออกจากระบบ {{name}} แล้ว',
    title: 'ปิดใช้งานพนักงานคนนี้?',
    message: '{{name}} ({{email}}) จะถูกออกจากระบบทันทีและเข้าสู่ระบบไม่ได้อีก',
    confirm: 'ปิดใช้งาน',
    cancel: 'ยกเลิก',
  },
  column: {
    member: 'สมาชิก',
    role: 'บทบาท',
    status: 'สถานะ',
    lastSignIn: 'เข้าสู่ระบบล่าสุด',
    actions: 'การดำเนินการ',
  },
} satisfies Messages;
