import type { Messages } from '../../messages';

export const common = {
  appName: 'Merchant Hub',
  action: {
    save: 'حفظ',
    cancel: 'إلغاء',
    confirm: 'تأكيد',
    back: 'رجوع',
    next: 'التالي',
    submit: 'إرسال',
    close: 'إغلاق',
    retry: 'إعادة المحاولة',
    edit: 'تعديل',
    delete: 'حذف',
    search: 'بحث',
    logout: 'تسجيل الخروج',
    skipToContent: 'تخطَّ إلى المحتوى الرئيسي',
  },
  page: {
    notFound: 'الصفحة غير موجودة',
  },
  nav: {
    billing: 'الفوترة',
    profile: 'الملف الشخصي',
    main: 'القائمة الرئيسية',
  },
  field: {
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    name: 'الاسم',
    phone: 'الهاتف',
    address1: 'العنوان، السطر 1',
    address2: 'العنوان، السطر 2',
    city: 'المدينة',
    postalCode: 'الرمز البريدي',
    country: 'الدولة',
    state: 'الولاية / المنطقة',
    company: 'الشركة',
    language: 'اللغة',
  },
  theme: {
    light: 'فاتح',
    dark: 'داكن',
  },
  answer: {
    yes: 'نعم',
    no: 'لا',
  },
  status: {
    loading: 'جارٍ التحميل…',
    error: 'حدث خطأ ما',
    empty: 'لا يوجد شيء هنا بعد',
  },
  date: {
    formatHint: 'يوم/شهر/سنة',
  },
  count: {
    // Arabic has all six CLDR plural forms; the noun changes with each.
    store_zero: 'لا توجد متاجر',
    store_one: 'متجر واحد',
    store_two: 'متجران',
    store_few: '{{count}} متاجر',
    store_many: '{{count}} متجرًا',
    store_other: '{{count}} متجر',
  },
} satisfies Messages;
