import { useIpCountry } from '@merchant-hub/api-client';
import type { Market } from '@merchant-hub/domain';
import { isMarket } from '@merchant-hub/domain';
import { useSearchParams } from 'react-router';

/**
 * The sign-in visitor's market: the link's `?country=`, else the one of their IP address, which is only asked
 * when the link names no language (spec §2: TW by IP selects Traditional Chinese). Null while unknown.
 */
export const useVisitorCountry = (): { country: Market | null; ipCountry: string | undefined } => {
  const [params] = useSearchParams();
  const countryParam = params.get('country')?.toUpperCase() ?? null;
  const ipCountry = useIpCountry({ enabled: !params.get('locale') });
  const fromIp = ipCountry.data?.country;
  return { country: isMarket(countryParam) ? countryParam : isMarket(fromIp) ? fromIp : null, ipCountry: fromIp };
};
