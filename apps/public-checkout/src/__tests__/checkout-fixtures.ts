// The checkout tests' plans and countries, apart from render-checkout.tsx (which installs the fake API when imported).

/** The seeded TW Starter plan: NT$1,290 a month, 5 % business tax. */
export const twPackage = {
  id: 12,
  name: 'Starter',
  billing_period: 'monthly',
  price: 129000,
  discount: 0,
  subtotal: 129000,
  tax: 5,
  tax_label: 'VAT',
  currency: 'TWD',
  image: null,
  sort_order: 1,
  hide: false,
  stripe_id: 'price_tw_starter_monthly',
  descriptions: { basic: [], features: [], report: ['Orders'] },
  max_order: 500,
  max_item: 1000,
  max_channel: 1,
  max_staff: 2,
  max_warehouse: 1,
  max_competitor_products: 0,
  market: 'TW',
};

/** The seeded MY Starter plan: RM 99 a month, 8 % SST. */
export const myPackage = { ...twPackage, id: 7, price: 9900, subtotal: 9900, tax: 8, tax_label: 'SST', currency: 'MYR', stripe_id: 'price_my_starter_monthly', market: 'MY' };

export const countries = [
  { id: 208, name: 'Taiwan', dial_code: '+886', iso_code: 'TW' },
  { id: 129, name: 'Malaysia', dial_code: '+60', iso_code: 'MY' },
  { id: 196, name: 'Singapore', dial_code: '+65', iso_code: 'SG' },
];
