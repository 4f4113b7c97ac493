import type { Messages } from '../../messages';

export const common = {
  appName: 'Merchant Hub',
  action: {
    save: 'บันทึก',
    cancel: 'ยกเลิก',
    confirm: 'ยืนยัน',
    back: 'ย้อนกลับ',
    next: 'ถัดไป',
    submit: 'ส่ง',
    close: 'ปิด',
    retry: 'ลองอีกครั้ง',
    edit: 'แก้ไข',
    delete: 'ลบ',
    search: 'ค้นหา',
    logout: 'ออกจากระบบ',
    skipToContent: 'ข้ามไปยังเนื้อหาหลัก',
  },
  page: {
    notFound: 'ไม่พบหน้าที่ต้องการ',
  },
  nav: {
    billing: 'การเรียกเก็บเงิน',
    profile: 'โปรไฟล์',
    main: 'เมนูหลัก',
  },
  field: {
    email: 'อีเมล',
    password: 'รหัสผ่าน',
    name: 'ชื่อ',
    phone: 'โทรศัพท์',
    address1: 'ที่อยู่บรรทัดที่ 1',
    address2: 'ที่อยู่บรรทัดที่ 2',
    city: 'เมือง',
    postalCode: 'รหัสไปรษณีย์',
    country: 'ประเทศ',
    state: 'จังหวัด / รัฐ',
    company: 'บริษัท',
    language: 'ภาษา',
  },
  theme: {
    light: 'สว่าง',
    dark: 'มืด',
  },
  answer: {
    yes: 'ใช่',
    no: 'ไม่ใช่',
  },
  status: {
    loading: 'กำลังโหลด…',
    error: 'เกิดข้อผิดพลาดบางอย่าง',
    empty: 'ยังไม่มีข้อมูลที่นี่',
  },
  date: {
    formatHint: 'วว/ดด/ปปปป',
  },
  count: {
    store_other: '{{count}} ร้านค้า',
  },
} satisfies Messages;
