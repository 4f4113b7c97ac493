import type { AddCardOutput, BillingInfoOutput } from '@merchant-hub/validation';
import { GatewayError } from '../../../gateways/port';
import { AppError } from '../../../http/errors';
import type { Engine, MerchantTx } from '../engine/billing.engine';
import { type BillingAccount, billingInfoOf, clearDefaultCard, readBillingAccount, setDefaultCard, setGatewayCustomer, updateBillingDetails } from '../repositories/billing-accounts.repository';
import { userContact } from '../repositories/merchants.repository';
import { cardsOf, detachCard, findActiveCard, findCard, insertCard, reattachCard } from '../repositories/payment-methods.repository';
import type { Actor } from './billing-state';
import { billingState } from './billing-state';

/** Billing details and cards: the gateway customer, saving, choosing and removing cards. */
export const createPaymentMethodsService = (engine: Engine) => {
  const { gateway } = engine.deps;

  const ensureCustomer = async (ctx: MerchantTx, options: { replace?: boolean } = {}): Promise<string> => {
    if (ctx.account.gatewayCustomerId && !options.replace) return ctx.account.gatewayCustomerId;
    const owner = await userContact(ctx.tx, ctx.account.ownerUserId);
    const customer = await gateway.createCustomer({ merchantId: ctx.account.merchantId, email: owner.email, name: owner.name }, ctx.tx);
    await setGatewayCustomer(ctx.tx, ctx.account.merchantId, customer);
    ctx.account.gatewayCustomerId = customer;
    return customer;
  };

  /** Saves a card with the gateway and on the account; the first card becomes the default. */
  const attachCard = async (ctx: MerchantTx, paymentMethod: string, makeDefault: boolean): Promise<void> => {
    const customer = await ensureCustomer(ctx);
    const known = await findCard(ctx.tx, paymentMethod);
    if (known && known.merchantId !== ctx.account.merchantId) throw new AppError('card_error', { message: 'This card cannot be used' });
    if (!known || known.detachedAt !== null) {
      let card;
      try {
        card = await gateway.attachPaymentMethod({ customer, paymentMethod }, ctx.tx);
      } catch (error) {
        if (error instanceof GatewayError && error.code === 'resource_missing' && /customer/i.test(error.message)) {
          // The customer is gone at the gateway (deleted in its Dashboard): start over with a new one, whose
          // card form the merchant fills in again (this card was set up for the old one).
          await forgetCustomer(ctx);
          ctx.failAfterCommit(new AppError('payment_customer_missing'));
          return;
        }
        if (error instanceof GatewayError) throw new AppError('card_error', { message: error.message });
        throw error;
      }
      if (known) await reattachCard(ctx.tx, paymentMethod);
      else await insertCard(ctx.tx, ctx.account.merchantId, card, ctx.now);
    }
    if (makeDefault || !ctx.account.defaultPaymentMethod) {
      await setDefaultCard(ctx.tx, ctx.account.merchantId, paymentMethod, ctx.now);
      ctx.account.defaultPaymentMethod = paymentMethod;
      ctx.account.paymentType = 'card';
    }
  };

  const updateBillingInfo = async (actor: Actor, userMerchantId: number, input: BillingInfoOutput) =>
    engine.withMerchant(actor, async (ctx) => {
      if (userMerchantId !== actor.merchantId) throw new AppError('forbidden');
      await updateBillingDetails(ctx.tx, actor.merchantId, { ...input, address2: input.address2 ?? null }, ctx.now);
      return { message: 'Update Success', data: billingInfoOf((await readBillingAccount(ctx.tx, actor.merchantId)) as BillingAccount) };
    });

  /**
   * The gateway no longer knows the merchant's customer (deleted in Stripe's Dashboard): its cards cannot be
   * charged any more, so they are put away (detached here, never the default) and the next card form makes a
   * new customer.
   */
  const forgetCustomer = async (ctx: MerchantTx): Promise<void> => {
    for (const card of await cardsOf(ctx.tx, ctx.account.merchantId)) await detachCard(ctx.tx, card.id, ctx.now);
    await clearDefaultCard(ctx.tx, ctx.account.merchantId);
    ctx.account.defaultPaymentMethod = null;
    await setGatewayCustomer(ctx.tx, ctx.account.merchantId, null);
    ctx.account.gatewayCustomerId = null;
  };

  const createIntent = async (actor: Actor) =>
    engine.withMerchant(actor, async (ctx) => {
      const customer = await ensureCustomer(ctx);
      try {
        return await gateway.createSetupIntent({ customer }, ctx.tx);
      } catch (error) {
        if (!(error instanceof GatewayError && error.code === 'resource_missing')) throw error;
        // The customer is gone at the gateway: a new one takes the card the merchant adds now.
        await forgetCustomer(ctx);
        return gateway.createSetupIntent({ customer: await ensureCustomer(ctx, { replace: true }) }, ctx.tx);
      }
    });

  const addCard = async (actor: Actor, input: AddCardOutput) =>
    engine.withMerchant(actor, async (ctx) => {
      await attachCard(ctx, input.payment_method, false);
      return { message: 'New Card have been added', data: await cardsOf(ctx.tx, actor.merchantId) };
    });

  const ownCard = async (ctx: MerchantTx, id: string) => {
    if (!(await findActiveCard(ctx.tx, ctx.account.merchantId, id))) throw new AppError('not_found', { message: 'Card not found' });
  };

  const setPrimaryCard = async (actor: Actor, id: string) =>
    engine.withMerchant(actor, async (ctx) => {
      await ownCard(ctx, id);
      await setDefaultCard(ctx.tx, actor.merchantId, id, ctx.now);
      return { message: 'Card have been set as default' };
    });

  const deleteCard = async (actor: Actor, id: string) =>
    engine.withMerchant(actor, async (ctx) => {
      await ownCard(ctx, id);
      const st = await billingState(ctx.tx, actor.merchantId);
      if (ctx.account.defaultPaymentMethod === id && st.current) throw new AppError('card_in_use');
      await gateway.detachPaymentMethod({ paymentMethod: id }, ctx.tx);
      await detachCard(ctx.tx, id, ctx.now);
      if (ctx.account.defaultPaymentMethod === id) await clearDefaultCard(ctx.tx, actor.merchantId);
      return { message: 'Card has been deleted' };
    });

  return { ensureCustomer, attachCard, updateBillingInfo, createIntent, addCard, setPrimaryCard, deleteCard };
};

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
