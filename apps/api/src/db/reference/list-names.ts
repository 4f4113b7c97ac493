import type { ListTranslations } from '@merchant-hub/domain';

/**
 * The store industries and shop categories in the product's other languages (issue 31 #5), by their English name:
 * the seed writes them with the lists, migration 1032 into a database seeded before. Staff change them in the
 * console's catalog screen afterwards; the database is then the only source.
 */
export const INDUSTRY_TRANSLATIONS: Readonly<Record<string, ListTranslations>> = {
  'Automotive & Motorcycles': { ms: 'Automotif & Motosikal', zh: '汽车与摩托车', zhtw: '汽車與機車', th: 'ยานยนต์และจักรยานยนต์' },
  'Book/Music/Video': { ms: 'Buku/Muzik/Video', zh: '书籍/音乐/影音', zhtw: '書籍/音樂/影音', th: 'หนังสือ/เพลง/วิดีโอ' },
  'Baby & Toys': { ms: 'Bayi & Mainan', zh: '母婴与玩具', zhtw: '母嬰與玩具', th: 'แม่และเด็กและของเล่น' },
  'Electronic Devices and Accessories': { ms: 'Peranti Elektronik dan Aksesori', zh: '电子设备与配件', zhtw: '電子設備與配件', th: 'อุปกรณ์อิเล็กทรอนิกส์และอุปกรณ์เสริม' },
  'Fashion': { ms: 'Fesyen', zh: '时尚', zhtw: '時尚', th: 'แฟชั่น' },
  'Flower/Gifts': { ms: 'Bunga/Hadiah', zh: '鲜花/礼品', zhtw: '花卉/禮品', th: 'ดอกไม้/ของขวัญ' },
  'Groceries': { ms: 'Barangan Runcit', zh: '杂货', zhtw: '雜貨', th: 'ของชำ' },
  'Home Appliances': { ms: 'Perkakas Rumah', zh: '家用电器', zhtw: '家用電器', th: 'เครื่องใช้ไฟฟ้าในบ้าน' },
  'Health & Beauty': { ms: 'Kesihatan & Kecantikan', zh: '健康与美容', zhtw: '健康與美容', th: 'สุขภาพและความงาม' },
  'Home & Living / Home Improvement': { ms: 'Rumah & Gaya Hidup / Pengubahsuaian Rumah', zh: '家居生活 / 家装', zhtw: '居家生活 / 居家修繕', th: 'บ้านและการใช้ชีวิต / ปรับปรุงบ้าน' },
  'Hardware/Housewares': { ms: 'Perkakasan/Barangan Rumah', zh: '五金/家居用品', zhtw: '五金/家用品', th: 'ฮาร์ดแวร์/ของใช้ในบ้าน' },
  'Jewelry': { ms: 'Barang Kemas', zh: '珠宝', zhtw: '珠寶', th: 'เครื่องประดับ' },
  'Office Supplies': { ms: 'Bekalan Pejabat', zh: '办公用品', zhtw: '辦公用品', th: 'อุปกรณ์สำนักงาน' },
  'Pets': { ms: 'Haiwan Peliharaan', zh: '宠物', zhtw: '寵物', th: 'สัตว์เลี้ยง' },
  'Sports & Travel & Hobby': { ms: 'Sukan & Pelancongan & Hobi', zh: '运动、旅行与爱好', zhtw: '運動、旅遊與嗜好', th: 'กีฬา ท่องเที่ยว และงานอดิเรก' },
  'Other': { ms: 'Lain-lain', zh: '其他', zhtw: '其他', th: 'อื่น ๆ' },
};

export const SHOP_CATEGORY_TRANSLATIONS: Readonly<Record<string, ListTranslations>> = {
  'Clothing & Accessories': { ms: 'Pakaian & Aksesori', zh: '服装与配饰', zhtw: '服飾與配件', th: 'เสื้อผ้าและเครื่องประดับ' },
  'Electronics & Gadgets': { ms: 'Elektronik & Gajet', zh: '电子产品与数码', zhtw: '電子產品與 3C', th: 'อิเล็กทรอนิกส์และแกดเจ็ต' },
  'Food & Beverage': { ms: 'Makanan & Minuman', zh: '食品与饮料', zhtw: '食品與飲料', th: 'อาหารและเครื่องดื่ม' },
  'Health & Beauty': { ms: 'Kesihatan & Kecantikan', zh: '健康与美容', zhtw: '健康與美容', th: 'สุขภาพและความงาม' },
  'Home & Garden': { ms: 'Rumah & Taman', zh: '家居与园艺', zhtw: '居家與園藝', th: 'บ้านและสวน' },
  'Books & Stationery': { ms: 'Buku & Alat Tulis', zh: '图书与文具', zhtw: '書籍與文具', th: 'หนังสือและเครื่องเขียน' },
  'Toys & Games': { ms: 'Mainan & Permainan', zh: '玩具与游戏', zhtw: '玩具與遊戲', th: 'ของเล่นและเกม' },
  'Sports & Outdoors': { ms: 'Sukan & Luar', zh: '运动与户外', zhtw: '運動與戶外', th: 'กีฬาและกิจกรรมกลางแจ้ง' },
  'Automotive': { ms: 'Automotif', zh: '汽车', zhtw: '汽車', th: 'ยานยนต์' },
  'Services': { ms: 'Perkhidmatan', zh: '服务', zhtw: '服務', th: 'บริการ' },
  'Others': { ms: 'Lain-lain', zh: '其他', zhtw: '其他', th: 'อื่น ๆ' },
};
