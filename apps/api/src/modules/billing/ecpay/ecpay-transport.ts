import type { AppDeps } from '../../../app-deps';
import type { AppConfig } from '../../../config';
import { ecpaySettingsFrom } from '../../../gateways/ecpay/ecpay.gateway';
import { ECPAY_SANDBOX_PERIOD_ACTION_PATH, type EcpayTransport, httpTransport } from '../../../gateways/ecpay/ecpay-periodic';
import { sandboxPeriodAction } from './sandbox-ecpay';

const overrides = new WeakMap<AppConfig, EcpayTransport>();

/** Tests and rehearsals: the ECPay server the calls of the app made with `config` go to (an ECPay simulator). */
export const useEcpayTransport = (config: AppConfig, transport: EcpayTransport): void => {
  overrides.set(config, transport);
};

/**
 * How the API reaches ECPay's server: over HTTPS to ECPay (stage, production); in ECPAY_MODE=sandbox the sandbox's
 * own CreditCardPeriodAction answers in process (the same form, the same CheckMacValue check, the same answer).
 */
export const ecpayTransportFor = (deps: AppDeps): EcpayTransport => {
  const override = overrides.get(deps.config);
  if (override) return override;
  if (deps.config.ecpay.mode !== 'sandbox') return httpTransport;
  const settings = ecpaySettingsFrom(deps.config);
  return async (url, fields) => {
    if (!url.endsWith(ECPAY_SANDBOX_PERIOD_ACTION_PATH)) throw new Error(`The sandbox ECPay has no ${url}`);
    return sandboxPeriodAction(deps.db, settings, fields);
  };
};
