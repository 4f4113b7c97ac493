// The mail namespace in Thai (see en/mail.ts for the rules on links and codes).
export const mail = {
  loginCode: {
    subject: 'รหัสเข้าสู่ระบบ Merchant Hub ของคุณ',
    text: 'รหัสเข้าสู่ระบบของคุณคือ {{code}} ใช้ได้ภายใน {{minutes}} นาที หากคุณไม่ได้พยายามเข้าสู่ระบบ โปรดเปลี่ยนรหัสผ่านของคุณ',
  },
  loginNotice: {
    subject: 'มีการเข้าสู่ระบบ Merchant Hub ใหม่',
    text: 'บัญชีของคุณเข้าสู่ระบบเมื่อ {{at}} หากไม่ใช่คุณ โปรดรีเซ็ตรหัสผ่านที่:\n{{link}}',
  },
  passwordReset: {
    subject: 'รีเซ็ตรหัสผ่าน Merchant Hub ของคุณ',
    text: 'เปิดลิงก์นี้เพื่อตั้งรหัสผ่านใหม่ (ใช้ได้ {{minutes}} นาที):\n{{link}}\nหากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้',
  },
  passwordChanged: {
    subject: 'รหัสผ่าน Merchant Hub ของคุณถูกเปลี่ยนแล้ว',
    text: 'รีเซ็ตรหัสผ่านของคุณเรียบร้อยแล้ว หากไม่ใช่คุณ โปรดติดต่อฝ่ายสนับสนุนทันที',
  },
  activation: {
    subject: 'ตั้งค่าบัญชี Merchant Hub ของคุณให้เสร็จสมบูรณ์',
    text: 'สวัสดีคุณ {{name}} ตั้งค่าบัญชี Merchant Hub ของคุณให้เสร็จด้วยลิงก์นี้:\n{{link}}',
  },
  trialCode: {
    text: 'Merchant Hub: รหัสยืนยันของคุณคือ {{code}} ใช้ได้ภายใน {{minutes}} นาที',
  },
  signupWelcome: {
    subject: 'ยินดีต้อนรับสู่ Merchant Hub!',
    text: 'ยินดีต้อนรับสู่ Merchant Hub! ยืนยันที่อยู่อีเมลของคุณด้วยลิงก์นี้:\n{{link}}',
  },
  checkoutWelcome: {
    subject: 'ยินดีต้อนรับสู่ Merchant Hub!',
    text: 'ยินดีต้อนรับสู่ Merchant Hub คุณ {{name}}! แพ็กเกจ {{plan}} ของคุณเริ่มใช้งานแล้ว ตั้งรหัสผ่านเพื่อเข้าสู่ระบบครั้งต่อไป:\n{{link}}',
  },
  merchantInvite: {
    subject: 'สร้างร้านค้า Merchant Hub ของคุณ',
    text: 'สวัสดีคุณ {{name}} ตั้งค่าบัญชีร้านค้าของคุณให้เสร็จที่นี่:\n{{link}}',
  },
  invoiceOpen: {
    subject: 'ใบแจ้งหนี้ {{number}} จาก Merchant Hub',
    text: 'ใบแจ้งหนี้ {{number}} ของคุณ ยอด {{amount}} ยังไม่ได้ชำระ แนบไฟล์ PDF มาด้วยแล้ว ดูและชำระได้ที่:\n{{link}}',
  },
  invoicePaid: {
    subject: 'ใบเสร็จสำหรับใบแจ้งหนี้ {{number}} จาก Merchant Hub',
    text: 'ขอบคุณ เราได้รับชำระเงิน {{amount}} สำหรับใบแจ้งหนี้ {{number}} เมื่อ {{date}} แล้ว แนบไฟล์ PDF ของใบแจ้งหนี้มาด้วย ดูออนไลน์ได้ที่:\n{{link}}',
  },
  paymentFailed: {
    subject: 'การชำระเงินสำหรับใบแจ้งหนี้ {{number}} ไม่สำเร็จ',
    text: 'เราไม่สามารถเรียกเก็บเงิน {{amount}} สำหรับใบแจ้งหนี้ {{number}} ได้ เราจะลองอีกครั้งในวันที่ {{date}} เพื่อรักษาแพ็กเกจของคุณไว้ โปรดตรวจสอบบัตรหรือชำระใบแจ้งหนี้ในระบบหลังร้านของคุณ:\n{{link}}',
  },
  paymentFailedFinal: {
    subject: 'แพ็กเกจ Merchant Hub ของคุณถูกยกเลิกแล้ว',
    text: 'เราไม่สามารถเรียกเก็บเงิน {{amount}} สำหรับใบแจ้งหนี้ {{number}} ได้หลังจากพยายามหลายครั้ง แพ็กเกจของคุณจึงถูกยกเลิกเมื่อ {{date}} สมัครใหม่ได้จากระบบหลังร้านของคุณ:\n{{link}}',
  },
  planEnding: {
    subject: 'แพ็กเกจ Merchant Hub ของคุณจะสิ้นสุดในวันที่ {{date}}',
    text: 'คุณได้ยกเลิกการสมัคร {{plan}} แล้ว แพ็กเกจยังใช้งานได้จนถึง {{date}} และคุณสามารถกลับมาใช้ต่อได้ก่อนวันนั้นในระบบหลังร้านของคุณ:\n{{link}}',
  },
  planChangeScheduled: {
    subject: 'แพ็กเกจ Merchant Hub ของคุณจะเปลี่ยนในวันที่ {{date}}',
    text: 'แพ็กเกจของคุณจะเปลี่ยนเป็น {{plan}} ในวันที่ {{date}} ระหว่างนี้คุณยังใช้แพ็กเกจปัจจุบัน และสามารถยกเลิกการเปลี่ยนแปลงได้ในระบบหลังร้านของคุณ:\n{{link}}',
  },
  contactChanged: {
    subject: '{{what}}ของ Merchant Hub ของคุณถูกเปลี่ยนแล้ว',
    text: '{{what}}ของบัญชี Merchant Hub ของคุณถูกเปลี่ยนแล้ว และที่อยู่นี้จะไม่ได้รับอีเมลการเข้าสู่ระบบและรหัสผ่านของบัญชีอีกต่อไป หากคุณไม่ได้เป็นผู้เปลี่ยน โปรดแจ้งผ่านลิงก์นี้ เราจะคืนค่าข้อมูลของคุณ ออกจากระบบทุกเซสชัน และยกเลิกลิงก์รีเซ็ตรหัสผ่านทั้งหมด\n{{link}}',
  },
  contactChangedByStaff: {
    subject: 'ฝ่ายสนับสนุน Merchant Hub ได้เปลี่ยน{{what}}ของคุณ',
    text: 'ทีมสนับสนุนของเราได้เปลี่ยน{{what}}ของบัญชี Merchant Hub ของคุณ และที่อยู่นี้จะไม่ได้รับอีเมลการเข้าสู่ระบบและรหัสผ่านของบัญชีอีกต่อไป หากคุณไม่ได้ขอให้เปลี่ยน โปรดแจ้งผ่านลิงก์นี้ เราจะคืนค่าข้อมูลของคุณ ออกจากระบบทุกเซสชัน และยกเลิกลิงก์รีเซ็ตรหัสผ่านทั้งหมด\n{{link}}',
  },
  contactChange: {
    email: 'อีเมล',
    phone: 'หมายเลขโทรศัพท์',
    emailAndPhone: 'อีเมลและหมายเลขโทรศัพท์',
  },
  period: {
    monthly: 'รายเดือน',
    yearly: 'รายปี',
  },
  /** The hosted invoice page and its PDF (issue 31 #5), in the merchant's language. */
  invoiceDocument: {
    title: 'ใบแจ้งหนี้ {{number}}',
    issued: 'ออกเมื่อ {{date}}',
    chargedAutomatically: 'ตัดเงินอัตโนมัติ',
    payOnReceipt: 'ชำระเมื่อได้รับ',
    billTo: 'เรียกเก็บเงินจาก',
    status: 'สถานะ',
    description: 'รายการ',
    quantity: 'จำนวน',
    amount: 'จำนวนเงิน',
    subtotal: 'ยอดรวมย่อย',
    discount: 'ส่วนลด',
    discountCode: 'ส่วนลด ({{code}})',
    tax: '{{label}} อัตรา {{percent}}%',
    rounding: 'การปัดเศษ',
    total: 'ยอดรวม',
    appliedBalance: 'ยอดเครดิตที่ใช้',
    amountPaid: 'ชำระแล้ว',
    amountDue: 'ยอดที่ต้องชำระ',
    downloadPdf: 'ดาวน์โหลด PDF',
    statuses: {
      draft: 'ฉบับร่าง',
      open: 'รอชำระ',
      paid: 'ชำระแล้ว',
      uncollectible: 'เรียกเก็บไม่ได้',
      void: 'ยกเลิกแล้ว',
    },
  },
};
