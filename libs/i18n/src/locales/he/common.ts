import type { Messages } from '../../messages';

export const common = {
  appName: 'Merchant Hub',
  action: {
    save: 'שמירה',
    cancel: 'ביטול',
    confirm: 'אישור',
    back: 'חזרה',
    next: 'הבא',
    submit: 'שליחה',
    close: 'סגירה',
    retry: 'ניסיון חוזר',
    edit: 'עריכה',
    delete: 'מחיקה',
    search: 'חיפוש',
    logout: 'התנתקות',
    skipToContent: 'דלג לתוכן הראשי',
  },
  page: {
    notFound: 'הדף לא נמצא',
  },
  nav: {
    billing: 'חיובים',
    profile: 'פרופיל',
    main: 'תפריט ראשי',
  },
  field: {
    email: 'דוא״ל',
    password: 'סיסמה',
    name: 'שם',
    phone: 'טלפון',
    address1: 'כתובת, שורה 1',
    address2: 'כתובת, שורה 2',
    city: 'עיר',
    postalCode: 'מיקוד',
    country: 'מדינה',
    state: 'מחוז / אזור',
    company: 'חברה',
    language: 'שפה',
  },
  theme: {
    light: 'בהיר',
    dark: 'כהה',
  },
  answer: {
    yes: 'כן',
    no: 'לא',
  },
  status: {
    loading: 'טוען…',
    error: 'משהו השתבש',
    empty: 'אין כאן עדיין כלום',
  },
  date: {
    formatHint: 'יי/חח/שששש',
  },
  count: {
    // Hebrew has a dual form ("two") besides singular and plural.
    store_one: 'חנות אחת',
    store_two: 'שתי חנויות',
    store_other: '{{count}} חנויות',
  },
} satisfies Messages;
