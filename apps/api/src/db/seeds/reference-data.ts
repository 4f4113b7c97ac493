import { STORE_INDUSTRIES } from '@merchant-hub/domain';
import type { Db } from '../knex';
import { insertId } from '../knex';
import { INDUSTRY_TRANSLATIONS, SHOP_CATEGORY_TRANSLATIONS } from '../reference/list-names';
import { STATE_TRANSLATIONS } from '../reference/state-names';

type MarketSeed = {
  iso: string;
  name: string;
  dial: string;
  currency: string;
  locale: string;
  /** Top-level divisions a state_or_region field offers: states, regions, provinces or cities/counties. */
  states: string[];
};

export const CURRENCIES = [
  { code: 'MYR', name: 'Malaysian Ringgit', symbol_left: 'RM', symbol_right: '', decimal_places: 2 },
  { code: 'SGD', name: 'Singapore Dollar', symbol_left: 'S$', symbol_right: '', decimal_places: 2 },
  { code: 'PHP', name: 'Philippine Peso', symbol_left: '₱', symbol_right: '', decimal_places: 2 },
  { code: 'THB', name: 'Thai Baht', symbol_left: '฿', symbol_right: '', decimal_places: 2 },
  // Shown with 0 decimals; amounts are still ISO minor units (×100) as Stripe counts them.
  { code: 'TWD', name: 'New Taiwan Dollar', symbol_left: 'NT$', symbol_right: 'TWD', decimal_places: 0 },
];

export const MARKETS: MarketSeed[] = [
  {
    iso: 'MY',
    name: 'Malaysia',
    dial: '60',
    currency: 'MYR',
    locale: 'en',
    states: [
      'Johor', 'Kedah', 'Kelantan', 'Melaka', 'Negeri Sembilan', 'Pahang', 'Perak', 'Perlis', 'Pulau Pinang',
      'Sabah', 'Sarawak', 'Selangor', 'Terengganu', 'Wilayah Persekutuan Kuala Lumpur', 'Wilayah Persekutuan Labuan',
      'Wilayah Persekutuan Putrajaya',
    ],
  },
  {
    // Singapore has no states; its five planning regions fill the state_or_region field.
    iso: 'SG',
    name: 'Singapore',
    dial: '65',
    currency: 'SGD',
    locale: 'en',
    states: ['Central Region', 'East Region', 'North Region', 'North-East Region', 'West Region'],
  },
  {
    iso: 'PH',
    name: 'Philippines',
    dial: '63',
    currency: 'PHP',
    locale: 'en',
    states: [
      'National Capital Region', 'Cordillera Administrative Region', 'Ilocos Region', 'Cagayan Valley', 'Central Luzon',
      'Calabarzon', 'Mimaropa', 'Bicol Region', 'Western Visayas', 'Negros Island Region', 'Central Visayas',
      'Eastern Visayas', 'Zamboanga Peninsula', 'Northern Mindanao', 'Davao Region', 'Soccsksargen', 'Caraga',
      'Bangsamoro Autonomous Region in Muslim Mindanao',
    ],
  },
  {
    iso: 'TH',
    name: 'Thailand',
    dial: '66',
    currency: 'THB',
    locale: 'th',
    states: [
      'Bangkok', 'Amnat Charoen', 'Ang Thong', 'Bueng Kan', 'Buriram', 'Chachoengsao', 'Chai Nat', 'Chaiyaphum',
      'Chanthaburi', 'Chiang Mai', 'Chiang Rai', 'Chonburi', 'Chumphon', 'Kalasin', 'Kamphaeng Phet', 'Kanchanaburi',
      'Khon Kaen', 'Krabi', 'Lampang', 'Lamphun', 'Loei', 'Lopburi', 'Mae Hong Son', 'Maha Sarakham', 'Mukdahan',
      'Nakhon Nayok', 'Nakhon Pathom', 'Nakhon Phanom', 'Nakhon Ratchasima', 'Nakhon Sawan', 'Nakhon Si Thammarat',
      'Nan', 'Narathiwat', 'Nong Bua Lamphu', 'Nong Khai', 'Nonthaburi', 'Pathum Thani', 'Pattani', 'Phang Nga',
      'Phatthalung', 'Phayao', 'Phetchabun', 'Phetchaburi', 'Phichit', 'Phitsanulok', 'Phra Nakhon Si Ayutthaya',
      'Phrae', 'Phuket', 'Prachinburi', 'Prachuap Khiri Khan', 'Ranong', 'Ratchaburi', 'Rayong', 'Roi Et', 'Sa Kaeo',
      'Sakon Nakhon', 'Samut Prakan', 'Samut Sakhon', 'Samut Songkhram', 'Saraburi', 'Satun', 'Sing Buri', 'Sisaket',
      'Songkhla', 'Sukhothai', 'Suphan Buri', 'Surat Thani', 'Surin', 'Tak', 'Trang', 'Trat', 'Ubon Ratchathani',
      'Udon Thani', 'Uthai Thani', 'Uttaradit', 'Yala', 'Yasothon',
    ],
  },
  {
    iso: 'TW',
    name: 'Taiwan',
    dial: '886',
    currency: 'TWD',
    locale: 'zhtw',
    states: [
      'Taipei City', 'New Taipei City', 'Taoyuan City', 'Taichung City', 'Tainan City', 'Kaohsiung City', 'Keelung City',
      'Hsinchu City', 'Chiayi City', 'Hsinchu County', 'Miaoli County', 'Changhua County', 'Nantou County',
      'Yunlin County', 'Chiayi County', 'Pingtung County', 'Yilan County', 'Hualien County', 'Taitung County',
      'Penghu County', 'Kinmen County', 'Lienchiang County',
    ],
  },
];

export const LANGUAGES = [
  { locale: 'en', name: 'English', icon: 'gb' },
  { locale: 'ms', name: 'Bahasa Melayu', icon: 'my' },
  { locale: 'zh', name: '简体中文', icon: 'cn' },
  { locale: 'zhtw', name: '繁體中文', icon: 'tw' },
  { locale: 'th', name: 'ไทย', icon: 'th' },
];

export const SHOP_CATEGORIES = [
  'Clothing & Accessories',
  'Electronics & Gadgets',
  'Food & Beverage',
  'Health & Beauty',
  'Home & Garden',
  'Books & Stationery',
  'Toys & Games',
  'Sports & Outdoors',
  'Automotive',
  'Services',
  'Others',
];

/** Art is drawn by the API itself (/api/banner-art/…), so a fresh checkout has working banners offline. */
const BANNERS: { placement: 'login' | 'signup'; country: string | null; bannerType: number; slides: number }[] = [
  { placement: 'login', country: null, bannerType: 0, slides: 3 },
  { placement: 'login', country: 'TW', bannerType: 1, slides: 2 },
  { placement: 'signup', country: null, bannerType: 0, slides: 3 },
];

export const seedReferenceData = async (db: Db): Promise<void> => {
  await db.transaction(async (trx) => {
    await trx('currencies').insert(CURRENCIES);
    for (const [index, market] of MARKETS.entries()) {
      const countryId = await insertId(trx, 'countries', {
        name: market.name,
        iso_code: market.iso,
        dial_code: market.dial,
        currency_code: market.currency,
        default_locale: market.locale,
        sort_order: index,
      });
      await trx('states').insert(market.states.map((name) => ({ country_id: countryId, name, translations: STATE_TRANSLATIONS[name] ? JSON.stringify(STATE_TRANSLATIONS[name]) : null })));
    }
    await trx('languages').insert(LANGUAGES);
    const translated = (names: Readonly<Record<string, unknown>>, name: string) => (names[name] ? JSON.stringify(names[name]) : null);
    await trx('store_industries').insert(STORE_INDUSTRIES.map((name, index) => ({ id: index + 1, name, translations: translated(INDUSTRY_TRANSLATIONS, name) })));
    await trx('shop_categories').insert(SHOP_CATEGORIES.map((name) => ({ name, translations: translated(SHOP_CATEGORY_TRANSLATIONS, name) })));
    for (const banner of BANNERS) {
      const bannerId = await insertId(trx, 'banners', { placement: banner.placement, country_iso: banner.country, banner_type: banner.bannerType });
      const art = `${banner.placement}-${(banner.country ?? 'all').toLowerCase()}`;
      await trx('banner_images').insert(
        Array.from({ length: banner.slides }, (_, slide) => ({
          banner_id: bannerId,
          banner_image: `/api/banner-art/${art}-${slide + 1}.svg`,
          background_image: `/api/banner-art/${art}-${slide + 1}-bg.svg`,
          link: null,
          sort_order: slide,
        })),
      );
    }
  });
};
