import { isMarket, type Market } from '@merchant-hub/domain';
import type { Request } from 'express';

/** Without a proxy header the visitor is treated as Malaysian, the product's home market. */
export const DEFAULT_IP_COUNTRY: Market = 'MY';
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code', 'cloudfront-viewer-country', 'x-vercel-ip-country'];

export const countryFromHeaders = (req: Request): Market => {
  for (const header of COUNTRY_HEADERS) {
    const value = req.get(header)?.trim().toUpperCase();
    if (isMarket(value)) return value;
  }
  return DEFAULT_IP_COUNTRY;
};
