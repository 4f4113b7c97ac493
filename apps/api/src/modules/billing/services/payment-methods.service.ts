import type { AddCardOutput, BillingInfoOutput } from '@merchant-hub/validation';
import { declineDetails, type GatewayCard, GatewayError } from '../../../gateways/port';
import { AppError } from '../../../http/errors';
import type { Engine, MerchantTx } from '../engine/billing.engine';
import { type BillingAccount, billingInfoOf, clearDefaultCard, readBillingAccount, setDefaultCard, setGatewayCustomer, updateBillingDetails } from '../repositories/billing-accounts.repository';
import { userContact } from '../repositories/merchants.repository';
import { cardsOf, detachCard, findActiveCard, findCard, insertCard, reattachCard } from '../repositories/payment-methods.repository';
import type { Actor } from './billing-state';
import { billingState } from './billing-state';

/** A card saved at the gateway, to be recorded on the account (see recordAttached); `card` null: nothing new to record. */
export type AttachedCard = { paymentMethod: string; card: GatewayCard | null; customerGone: boolean };

/** Billing details and cards: the gateway customer, saving, choosing and removing cards. */
export const createPaymentMethodsService = (engine: Engine) => {
  const { gateway } = engine.deps;

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

  /**
   * The merchant's gateway customer, made at the gateway outside any transaction of ours when there is none yet
   * (no gateway call inside one); a customer made by a concurrent request first wins, ours stays unused.
   */
  const customerFor = async (merchantId: number): Promise<string> => {
    const { db } = engine.deps;
    const account = (await readBillingAccount(db, merchantId)) ?? (await engine.withMerchant(merchantId, async (ctx) => ctx.account));
    if (!account) throw new AppError('not_found');
    if (account.gatewayCustomerId) return account.gatewayCustomerId;
    const owner = await userContact(db, account.ownerUserId);
    const created = await gateway.createCustomer({ merchantId, email: owner.email, name: owner.name });
    const saved = await engine.withMerchant(merchantId, async (ctx) => {
      if (ctx.account.gatewayCustomerId) return ctx.account.gatewayCustomerId;
      await setGatewayCustomer(ctx.tx, merchantId, created);
      return created;
    });
    return saved ?? created;
  };

  /**
   * POST create-intent: the set-up intent of the card form, asked of the gateway outside any transaction; the
   * request's own entry (staff acting for the merchant) is then written in the merchant's transaction.
   */
  const createIntent = async (actor: Actor) => {
    let intent;
    try {
      intent = await gateway.createSetupIntent({ customer: await customerFor(actor.merchantId) });
    } catch (error) {
      if (!(error instanceof GatewayError && error.code === 'resource_missing')) throw error;
      // The customer is gone at the gateway: a new one takes the card the merchant adds now.
      await engine.withMerchant(actor.merchantId, (ctx) => forgetCustomer(ctx));
      intent = await gateway.createSetupIntent({ customer: await customerFor(actor.merchantId) });
    }
    const made = intent;
    return (await engine.withMerchant(actor, async () => made)) ?? made;
  };

  /**
   * Saves a card at the gateway, outside any transaction of ours (step one of adding a card; see recordAttached).
   * A card already saved on the account is not asked again; one of another merchant is refused.
   */
  const attachAtGateway = async (merchantId: number, paymentMethod: string): Promise<AttachedCard> => {
    const known = await findCard(engine.deps.db, paymentMethod);
    if (known && known.merchantId !== merchantId) throw new AppError('card_error', { message: 'This card cannot be used' });
    if (known && known.detachedAt === null) return { paymentMethod, card: null, customerGone: false };
    try {
      return { paymentMethod, card: await gateway.attachPaymentMethod({ customer: await customerFor(merchantId), paymentMethod }), customerGone: false };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (error.code !== 'resource_missing' || !/customer/i.test(error.message)) throw new AppError('card_error', { message: error.message, details: declineDetails(error.code) });
      return { paymentMethod, card: null, customerGone: true };
    }
  };

  /**
   * Step two, under the merchant's lock: the card saved at the gateway recorded on the account (the default one
   * when asked, or when there is none). False when the gateway no longer knows the merchant's customer (deleted in
   * its Dashboard): it starts over with a new one, whose card form the merchant fills in again (this card was set
   * up for the old one), and the request answers `payment_customer_missing` after the commit.
   */
  const recordAttached = async (ctx: MerchantTx, attached: AttachedCard, makeDefault: boolean): Promise<boolean> => {
    if (attached.customerGone) {
      await forgetCustomer(ctx);
      ctx.failAfterCommit(new AppError('payment_customer_missing'));
      return false;
    }
    const { paymentMethod, card } = attached;
    const current = await findCard(ctx.tx, paymentMethod);
    if (current && current.merchantId !== ctx.account.merchantId) throw new AppError('card_error', { message: 'This card cannot be used' });
    if (card && current) await reattachCard(ctx.tx, paymentMethod);
    else if (card) await insertCard(ctx.tx, ctx.account.merchantId, card, ctx.now);
    if (makeDefault || !ctx.account.defaultPaymentMethod) {
      await setDefaultCard(ctx.tx, ctx.account.merchantId, paymentMethod, ctx.now);
      ctx.account.defaultPaymentMethod = paymentMethod;
      ctx.account.paymentType = 'card';
    }
    return true;
  };

  /** POST add-card: the card saved at the gateway first (outside any transaction), then on the account. */
  const addCard = async (actor: Actor, input: AddCardOutput) => {
    const attached = await attachAtGateway(actor.merchantId, input.payment_method);
    // The same card entered again (issue 31 #7): one saved card per card, told plainly. Brand, last four digits
    // and expiry together name a card as the merchant sees it in the list. Let go at the gateway (outside any
    // transaction of ours) before saying so.
    const added = attached.card;
    if (added) {
      const saved = await cardsOf(engine.deps.db, actor.merchantId);
      if (saved.some((other) => other.id !== added.id && other.brand === added.brand && other.last4 === added.last4 && other.exp_month === added.exp_month && other.exp_year === added.exp_year)) {
        await gateway.detachPaymentMethod({ paymentMethod: input.payment_method });
        throw new AppError('card_already_saved');
      }
    }
    return engine.withMerchant(actor, async (ctx) => {
      if (!(await recordAttached(ctx, attached, false))) return null;
      return { message: 'New Card have been added', data: await cardsOf(ctx.tx, actor.merchantId) };
    });
  };

  const ownCard = async (ctx: MerchantTx, id: string) => {
    if (!(await findActiveCard(ctx.tx, ctx.account.merchantId, id))) throw new AppError('not_found', { message: 'Card not found' });
  };

  const setPrimaryCard = async (actor: Actor, id: string) =>
    engine.withMerchant(actor, async (ctx) => {
      await ownCard(ctx, id);
      await setDefaultCard(ctx.tx, actor.merchantId, id, ctx.now);
      return { message: 'Card have been set as default' };
    });

  /** POST delete-card: checked under the lock, detached at the gateway outside any transaction, then put away. */
  const deleteCard = async (actor: Actor, id: string) => {
    const checkDeletable = async (ctx: MerchantTx) => {
      await ownCard(ctx, id);
      const st = await billingState(ctx.tx, actor.merchantId);
      if (ctx.account.defaultPaymentMethod === id && st.current) throw new AppError('card_in_use');
    };
    await engine.withMerchant(actor.merchantId, checkDeletable);
    await gateway.detachPaymentMethod({ paymentMethod: id });
    return engine.withMerchant(actor, async (ctx) => {
      await ownCard(ctx, id);
      await detachCard(ctx.tx, id, ctx.now);
      if (ctx.account.defaultPaymentMethod === id) await clearDefaultCard(ctx.tx, actor.merchantId);
      return { message: 'Card has been deleted' };
    });
  };

  return { customerFor, attachAtGateway, recordAttached, updateBillingInfo, createIntent, addCard, setPrimaryCard, deleteCard };
};

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
