import { makeEcpayCreateOrderSchema } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { findCountry, findState } from '../lists';
import { countryHasStates } from './checkout.repository';

const fieldError = (field: string, key: string): AppError => new AppError('validation_failed', { details: { fields: { [field]: key } } });

/** The gateway form's country decides whether a state is required, so the country is looked up first. */
export const parseGatewayOrder = async (deps: AppDeps, body: unknown) => {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const choice = raw.country;
  const country = typeof choice === 'string' || typeof choice === 'number' ? await findCountry(deps.db, choice) : undefined;
  const hasStates = country ? await countryHasStates(deps.db, country.id) : false;
  const input = makeEcpayCreateOrderSchema({ countryHasStates: hasStates }).parse(raw);
  if (!country) throw fieldError('country', 'validation:gateway.countryRequired');
  const state = hasStates && input.state_or_region !== undefined ? await findState(deps.db, country.id, input.state_or_region) : undefined;
  if (hasStates && !state) throw fieldError('state_or_region', 'validation:gateway.stateRequired');
  return { input, place: { countryId: country.id, countryName: country.name, state: state ?? null } };
};

/** Card and FPX forms name the country and state; both must exist and belong together. */
export const placeOf = async (deps: AppDeps, input: { country: string; state_or_region: string }) => {
  const country = await findCountry(deps.db, input.country);
  if (!country) throw fieldError('country', 'validation:billing.countryRequired');
  const state = await findState(deps.db, country.id, input.state_or_region);
  if (!state) throw fieldError('state_or_region', 'validation:billing.stateRequired');
  return { countryId: country.id, countryName: country.name, state };
};
