import type { Messages } from '../../messages';

export const common = {
  appName: 'Merchant Hub',
  action: {
    save: 'Simpan',
    cancel: 'Batal',
    confirm: 'Sahkan',
    back: 'Kembali',
    next: 'Seterusnya',
    submit: 'Hantar',
    close: 'Tutup',
    retry: 'Cuba lagi',
    edit: 'Sunting',
    delete: 'Padam',
    search: 'Cari',
    logout: 'Log keluar',
    skipToContent: 'Langkau ke kandungan utama',
  },
  page: {
    notFound: 'Halaman tidak dijumpai',
  },
  nav: {
    billing: 'Pengebilan',
    profile: 'Profil',
    main: 'Menu utama',
  },
  field: {
    email: 'E-mel',
    password: 'Kata laluan',
    name: 'Nama',
    phone: 'Telefon',
    address1: 'Alamat baris 1',
    address2: 'Alamat baris 2',
    city: 'Bandar',
    postalCode: 'Poskod',
    country: 'Negara',
    state: 'Negeri / Wilayah',
    company: 'Syarikat',
    language: 'Bahasa',
  },
  theme: {
    light: 'Cerah',
    dark: 'Gelap',
  },
  answer: {
    yes: 'Ya',
    no: 'Tidak',
  },
  status: {
    loading: 'Memuatkan…',
    error: 'Ada sesuatu yang tidak kena',
    empty: 'Belum ada apa-apa di sini',
  },
  date: {
    formatHint: 'HH/BB/TTTT',
  },
  count: {
    // Malay nouns do not inflect for number, so CLDR gives Malay the single plural form "other".
    store_other: '{{count}} kedai',
  },
} satisfies Messages;
