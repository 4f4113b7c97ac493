/** ECPay's public stage shop (developers.ecpay.com.tw/?p=16447), used unless real credentials are set. */
export const ECPAY_STAGE_CREDENTIALS = { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' } as const;
