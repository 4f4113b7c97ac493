import type { Messages } from '../../messages';

// The staff console. staff-api owns `timeline.*` and `clock.*` (title keys the API answers with); screens add
// their own subtrees beside them.
export const staff = {
  timeline: {
    subscription: {
      created: 'สมัครแพ็กเกจ {{plan}}',
      changeScheduled: 'กำหนดเปลี่ยนเป็น {{plan}} แล้ว',
      canceled: 'ยกเลิกแพ็กเกจ {{plan}} แล้ว',
      pastDue: 'แพ็กเกจ {{plan}} ค้างชำระ',
    },
    invoice: {
      open: 'ออกใบแจ้งหนี้ {{number}} แล้ว',
      paid: 'ชำระใบแจ้งหนี้ {{number}} แล้ว',
      void: 'ยกเลิกใบแจ้งหนี้ {{number}} แล้ว',
      uncollectible: 'ใบแจ้งหนี้ {{number}} ถูกทำเครื่องหมายว่าเก็บเงินไม่ได้',
      draft: 'ร่างใบแจ้งหนี้ {{number}} แล้ว',
    },
    payment: {
      succeeded: 'ได้รับชำระเงินสำหรับ {{number}}',
      failed: 'การชำระเงินสำหรับ {{number}} ล้มเหลว: {{failure}}',
      pending: 'การชำระเงินสำหรับ {{number}} กำลังรอ ({{status}})',
    },
    dunning: {
      retryScheduled: 'กำหนดลองชำระเงินครั้งที่ {{attempt}} แล้ว',
    },
    coupon: {
      redeemed: 'ใช้คูปอง {{code}} แล้ว',
    },
    credit: {
      entry: 'บัญชีเครดิต: {{description}}',
    },
    email: {
      sent: 'ส่งอีเมลแล้ว: {{subject}}',
    },
    staff: {
      viewed: 'พนักงานเปิดดูบัญชี',
      creditAdjusted: 'พนักงานปรับยอดเครดิต',
      creditRequested: 'พนักงานขออนุมัติการปรับเครดิต',
      creditApproved: 'พนักงานอนุมัติการปรับเครดิต',
      creditRejected: 'พนักงานปฏิเสธการปรับเครดิต',
      creditReversed: 'พนักงานยกเลิกการปรับเครดิต',
      invoiceVoided: 'พนักงานยกเลิกใบแจ้งหนี้',
      invoiceUncollectible: 'พนักงานทำเครื่องหมายใบแจ้งหนี้ว่าเก็บเงินไม่ได้',
      invoiceResent: 'พนักงานส่งอีเมลใบแจ้งหนี้อีกครั้ง',
      wizardInvite: 'พนักงานส่งคำเชิญตั้งค่าร้านค้า',
      passwordReset: 'พนักงานส่งลิงก์รีเซ็ตรหัสผ่าน',
      signInBanLifted: 'พนักงานยกเลิกการระงับการเข้าสู่ระบบ',
      clockAdvanced: 'พนักงานเลื่อนนาฬิกาทดสอบ',
      billing: 'พนักงานดำเนินการในหน้าการเรียกเก็บเงิน ({{action}})',
      refused: 'การดำเนินการของพนักงานถูกปฏิเสธ ({{action}})',
    },
  },
  clock: {
    renewal: 'ต่ออายุ {{plan}} แล้ว',
    retry: 'ลองชำระเงินสำหรับ {{number}} อีกครั้ง',
    scheduledChange: 'ใช้การเปลี่ยนแปลงตามกำหนดแล้ว: ตอนนี้ใช้ {{plan}}',
    cancellation: 'ยกเลิก {{plan}} แล้ว',
    expiry: 'ช่วงทดลอง {{plan}} สิ้นสุดแล้ว',
  },
} satisfies Messages;
