import type { ClockAdvanceResult, ClockEffect } from '@merchant-hub/validation';
import { AppError } from '../../../http/errors';
import { addMonthsUtc, ecpayBillingFor, settleMerchantClock, shiftMerchantClock } from '../../billing';
import { subscriptionOf } from '../repositories';
import type { StaffContext, StaffActor } from './staff-context';

// The sandbox test clock of one merchant.

export const createTestClockService = (ctx: StaffContext) => {
  const { db, config, billing, requireMerchant, audited } = ctx;
  const requireSandbox = (): void => {
    if (config.paymentGateway !== 'sandbox') throw new AppError('not_found');
  };

  const nextRenewalOf = async (merchantId: number): Promise<number | null> => {
    const sub = await subscriptionOf(db, merchantId);
    if (!sub) return null;
    const candidates = [sub.current_period_end, sub.ends_at, sub.scheduled_change?.at ?? null].filter((value): value is number => value !== null);
    return candidates.length > 0 ? Math.min(...candidates) : null;
  };

  const clockOf = async (userId: number) => {
    requireSandbox();
    const merchant = await requireMerchant(userId);
    return { now: await billing().engine.nowFor(db, merchant.id), next_renewal_at: await nextRenewalOf(merchant.id) };
  };

  const advanceClock = async (
    actor: StaffActor,
    userId: number,
    input: { by: { days?: number; months?: number; seconds?: number } | { to: 'next_renewal' }; reason: string },
  ): Promise<ClockAdvanceResult> => {
    requireSandbox();
    const merchant = await requireMerchant(userId);
    const { engine } = billing();
    const before = await engine.nowFor(db, merchant.id);
    let step: number;
    if ('to' in input.by) {
      const next = await nextRenewalOf(merchant.id);
      if (next === null) throw new AppError('no_subscription');
      step = Math.max(1, next - before + 1);
    } else {
      step = (input.by.days ?? 0) * 86_400 + (input.by.seconds ?? 0) + (input.by.months ? addMonthsUtc(before, input.by.months) - before : 0);
    }
    const planBefore = await subscriptionOf(db, merchant.id);
    // The clock change and its audit entry share one transaction (a failed entry leaves the clock where it
    // was); what falls due then settles in the billing engine's own transactions, recorded in the timeline.
    await audited(actor, { merchantId: merchant.id, action: 'clock.advance', reason: input.reason }, async (tx) => {
      await shiftMerchantClock(tx, merchant.id, step);
      const moved = await engine.nowFor(tx, merchant.id);
      return { result: moved, before: { now: before, plan: planBefore?.plan_name ?? null }, after: { now: moved, step_seconds: step } };
    });
    // Taiwan's ECPay agreements charge on the same clock (issue 25 #4): their due charges first, stale ones cancelled after.
    const ecpay = ecpayBillingFor(ctx.deps);
    await ecpay.deliverSandboxCharges(merchant.id);
    const { now, report } = await settleMerchantClock(engine, merchant.id);
    await ecpay.settleAgreements(merchant.id);
    const planAfter = await subscriptionOf(db, merchant.id);
    const plan = planAfter?.plan_name ?? planBefore?.plan_name ?? '';
    const effects: ClockEffect[] = [];
    const add = (count: number, kind: ClockEffect['kind'], titleKey: string, params: Record<string, string | number>) => {
      for (let i = 0; i < count; i += 1) effects.push({ kind, title_key: titleKey, params, at: now });
    };
    add(report.downgraded, 'scheduled_change', 'clock.scheduledChange', { plan });
    add(report.renewed, 'renewal', 'clock.renewal', { plan });
    add(report.retried, 'retry', 'clock.retry', { number: '' });
    add(report.canceled, 'cancellation', 'clock.cancellation', { plan: planBefore?.plan_name ?? plan });
    add(report.expired, 'expiry', 'clock.expiry', { plan: planBefore?.plan_name ?? plan });
    return { now, effects };
  };

  return { clockOf, advanceClock };
};
