import type { Knex } from 'knex';
import { randomInt } from 'node:crypto';
import type { Exec } from '../../../db/rows';
import { num } from '../../../db/rows';
import { checkMacValue } from '../../../gateways/ecpay/check-mac-value';
import { ecpayTradeDate, type EcpaySettings } from '../../../gateways/ecpay/ecpay.gateway';
import { nthChargeAt } from './ecpay-renewals';

/*
 * ECPAY_MODE=sandbox: what ECPay itself keeps of a periodic agreement, and does with it. The cashier registers an
 * agreement when a periodic order is paid; the merchants' test clock makes its later charges fall due, each sent to
 * PeriodReturnURL signed as ECPay signs it; CreditCardPeriodAction (Cancel) stops them. ECPay's own clock is the
 * merchant's test clock here, so moving that clock a period on makes the agreement charge.
 */

/** The cashier's paid periodic order becomes an agreement at the sandbox "ECPay". */
export const registerSandboxAgreement = async (exec: Exec, fields: Readonly<Record<string, string>>, options: { declineLater: boolean; now: number }): Promise<void> => {
  if (!fields.PeriodAmount || !fields.PeriodReturnURL) return;
  await exec('sandbox_ecpay_agreements')
    .insert({
      merchant_trade_no: fields.MerchantTradeNo,
      amount: Number(fields.PeriodAmount),
      period_type: fields.PeriodType === 'Y' ? 'Y' : fields.PeriodType === 'D' ? 'D' : 'M',
      frequency: Number(fields.Frequency ?? 1),
      exec_times: Number(fields.ExecTimes ?? 2),
      period_return_url: fields.PeriodReturnURL,
      status: 'active',
      decline_later: options.declineLater,
      created_at: options.now,
    })
    .onConflict('merchant_trade_no')
    .ignore();
};

const answer = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** The sandbox's CreditCardPeriodAction: checks the CheckMacValue as ECPay does; Cancel stops the agreement's charges. */
export const sandboxPeriodAction = async (exec: Exec, settings: Pick<EcpaySettings, 'merchantId' | 'keys'>, fields: Readonly<Record<string, string>>): Promise<string> => {
  const base = { MerchantID: fields.MerchantID ?? '', MerchantTradeNo: fields.MerchantTradeNo ?? '' };
  if (fields.CheckMacValue !== checkMacValue(fields, settings.keys) || fields.MerchantID !== settings.merchantId) return answer({ ...base, RtnCode: '0', RtnMsg: 'CheckMacValue Error' });
  const row = await exec('sandbox_ecpay_agreements').where({ merchant_trade_no: base.MerchantTradeNo }).first('status');
  if (!row) return answer({ ...base, RtnCode: '0', RtnMsg: '查無此訂單' });
  if (fields.Action === 'Cancel') {
    await exec('sandbox_ecpay_agreements').where({ merchant_trade_no: base.MerchantTradeNo }).update({ status: 'canceled' });
    return answer({ ...base, RtnCode: '1', RtnMsg: '成功' });
  }
  if (fields.Action === 'ReAuth') return answer({ ...base, RtnCode: '1', RtnMsg: '成功' });
  return answer({ ...base, RtnCode: '0', RtnMsg: 'Action Error' });
};

/** The signed PeriodReturnURL notification of one charge, as ECPay sends it. */
export const periodNotificationFields = (
  settings: Pick<EcpaySettings, 'merchantId' | 'keys'>,
  agreement: { tradeNo: string; amount: number; periodType: string; frequency: number; execTimes: number },
  charge: { paid: boolean; totalSuccessTimes: number; at: Date },
): Record<string, string> => {
  const fields: Record<string, string> = {
    MerchantID: settings.merchantId,
    MerchantTradeNo: agreement.tradeNo,
    StoreID: '',
    RtnCode: charge.paid ? '1' : '10100248',
    RtnMsg: charge.paid ? '交易成功' : '授權失敗',
    PeriodType: agreement.periodType,
    Frequency: String(agreement.frequency),
    ExecTimes: String(agreement.execTimes),
    Amount: String(agreement.amount),
    Gwsr: String(randomInt(10_000_000, 99_999_999)),
    ProcessDate: ecpayTradeDate(charge.at),
    AuthCode: charge.paid ? String(randomInt(100_000, 999_999)) : '',
    FirstAuthAmount: String(agreement.amount),
    TotalSuccessTimes: String(charge.totalSuccessTimes),
    SimulatePaid: '0',
    CustomField1: '',
    CustomField2: '',
    CustomField3: '',
    CustomField4: '',
  };
  fields.CheckMacValue = checkMacValue(fields, settings.keys);
  return fields;
};

/**
 * The sandbox agreements of one merchant whose next charge fell due on its test clock: each charge is delivered
 * (`deliver`: the PeriodReturnURL notification, answered `1|OK` when taken) in order, and counted once delivered.
 */
export const deliverDueSandboxCharges = async (
  db: Knex,
  settings: Pick<EcpaySettings, 'merchantId' | 'keys'>,
  merchantId: number,
  merchantNow: number,
  deliver: (url: string, fields: Record<string, string>) => Promise<string>,
): Promise<number> => {
  const rows = await db('sandbox_ecpay_agreements as s')
    .join('ecpay_agreements as a', 'a.merchant_trade_no', 's.merchant_trade_no')
    .where({ 'a.merchant_id': merchantId, 's.status': 'active' })
    .whereNotNull('a.first_charged_at')
    .select('s.*', 'a.first_charged_at');
  let delivered = 0;
  for (const row of rows) {
    const agreement = { tradeNo: String(row.merchant_trade_no), amount: num(row.amount), periodType: String(row.period_type), frequency: num(row.frequency), execTimes: num(row.exec_times) };
    let made = num(row.charges_made);
    let successes = num(row.total_success_times);
    const first = num(row.first_charged_at);
    for (;;) {
      if (made >= agreement.execTimes) break;
      const at = nthChargeAt({ periodType: agreement.periodType === 'Y' ? 'Y' : 'M', frequency: agreement.frequency }, first, made);
      if (at > merchantNow) break;
      const paid = !row.decline_later;
      const fields = periodNotificationFields(settings, agreement, { paid, totalSuccessTimes: successes + (paid ? 1 : 0), at: new Date(at * 1000) });
      const reply = (await deliver(String(row.period_return_url), fields)).trim();
      if (reply !== '1|OK') break; // ECPay sends it again later: here, on the next move of the clock
      made += 1;
      if (paid) successes += 1;
      delivered += 1;
      await db('sandbox_ecpay_agreements').where({ merchant_trade_no: agreement.tradeNo }).update({ charges_made: made, total_success_times: successes });
    }
  }
  return delivered;
};
