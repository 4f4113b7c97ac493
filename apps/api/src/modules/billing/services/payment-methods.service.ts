import type { AddCardOutput, BillingInfoOutput } from '@merchant-hub/validation';
import { declineDetails, GatewayError } from '../../../gateways/port';
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

  const ensureCustomer = async (ctx: MerchantTx): Promise<string> => {
    if (ctx.account.gatewayCustomerId) return ctx.account.gatewayCustomerId;
    const owner = await userContact(ctx.tx, ctx.account.ownerUserId);
    const customer = await gateway.createCustomer({ merchantId: ctx.account.merchantId, email: owner.email, name: owner.name }, ctx.tx);
    await setGatewayCustomer(ctx.tx, ctx.account.merchantId, customer);
    ctx.account.gatewayCustomerId = customer;
    return customer;
  };

  /**
   * Saves a card with the gateway and on the account; the first card becomes the default. `refuseDuplicate`:
   * Add Card refuses a card already in the list; paying flows just use it.
   */
  const attachCard = async (ctx: MerchantTx, paymentMethod: string, makeDefault: boolean, refuseDuplicate = false): Promise<void> => {
    const customer = await ensureCustomer(ctx);
    const known = await findCard(ctx.tx, paymentMethod);
    if (known && known.merchantId !== ctx.account.merchantId) throw new AppError('card_error', { message: 'This card cannot be used' });
    if (!known || known.detachedAt !== null) {
      let card;
      try {
        card = await gateway.attachPaymentMethod({ customer, paymentMethod }, ctx.tx);
      } catch (error) {
        if (error instanceof GatewayError) throw new AppError('card_error', { message: error.message, details: declineDetails(error.code) });
        throw error;
      }
      // The same card entered again (issue 31 #7): one saved card per card, told plainly. Brand, last four digits
      // and expiry together name a card as the merchant sees it in the list.
      const saved = refuseDuplicate ? await cardsOf(ctx.tx, ctx.account.merchantId) : [];
      if (saved.some((other) => other.id !== paymentMethod && other.brand === card.brand && other.last4 === card.last4 && other.exp_month === card.exp_month && other.exp_year === card.exp_year)) {
        await gateway.detachPaymentMethod({ paymentMethod }, ctx.tx);
        throw new AppError('card_already_saved');
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

  const createIntent = async (actor: Actor) =>
    engine.withMerchant(actor, async (ctx) => {
      const customer = await ensureCustomer(ctx);
      return gateway.createSetupIntent({ customer }, ctx.tx);
    });

  const addCard = async (actor: Actor, input: AddCardOutput) =>
    engine.withMerchant(actor, async (ctx) => {
      await attachCard(ctx, input.payment_method, false, true);
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
