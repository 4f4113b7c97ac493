import { createHash } from 'node:crypto';

/*
 * A simulator of ECPay's server for tests (issue 25 #4), speaking ECPay's protocol: it takes the AIO form the
 * browser would post (checking every field and the CheckMacValue as ECPay does), pays it (the ReturnURL
 * notification), keeps the periodic agreement a periodic order made, makes its later charges (PeriodReturnURL
 * notifications) and answers CreditCardPeriodAction. Its CheckMacValue is computed here, apart from the product's
 * (gateways/ecpay/check-mac-value.ts), and checked against ECPay's published vectors in its own test.
 */

export type FakeEcpayShop = { merchantId: string; hashKey: string; hashIv: string };

/** .NET's HttpUtility.UrlEncode, byte by byte: letters, digits and `-_.!*()` stay, space is `+`, the rest `%xx`. */
const dotNetUrlEncode = (text: string): string => {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.!*()]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
};

/** ECPay's CheckMacValue (EncryptType 1), written from developers.ecpay.com.tw/?p=2902. */
export const fakeCheckMacValue = (params: Readonly<Record<string, string>>, shop: Pick<FakeEcpayShop, 'hashKey' | 'hashIv'>): string => {
  const keys = Object.keys(params).filter((k) => k !== 'CheckMacValue');
  keys.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en'));
  const raw = ['HashKey=' + shop.hashKey, ...keys.map((k) => `${k}=${params[k]}`), 'HashIV=' + shop.hashIv].join('&');
  return createHash('sha256').update(dotNetUrlEncode(raw).toLowerCase()).digest('hex').toUpperCase();
};

type Agreement = { tradeNo: string; amount: number; periodType: string; frequency: number; execTimes: number; periodReturnUrl: string; successes: number; made: number; status: 'active' | 'canceled' };

const REQUIRED = ['MerchantID', 'MerchantTradeNo', 'MerchantTradeDate', 'PaymentType', 'TotalAmount', 'TradeDesc', 'ItemName', 'ReturnURL', 'ChoosePayment', 'EncryptType', 'CheckMacValue'];

export const createFakeEcpay = (shop: FakeEcpayShop) => {
  const agreements = new Map<string, Agreement>();
  const orders = new Map<string, Record<string, string>>();
  /** Every server-to-server call the product made (CreditCardPeriodAction), in order. */
  const calls: { url: string; fields: Record<string, string> }[] = [];
  let tradeSeq = 0;
  const sign = (fields: Record<string, string>) => ({ ...fields, CheckMacValue: fakeCheckMacValue(fields, shop) });

  /** ECPay's checks of an AIO form; [] when ECPay would show its cashier. */
  const problemsOf = (fields: Readonly<Record<string, string>>): string[] => {
    const problems = REQUIRED.filter((k) => !fields[k]).map((k) => `${k} missing`);
    if (fields.CheckMacValue !== fakeCheckMacValue(fields, shop)) problems.push('CheckMacValue Error');
    if (fields.MerchantID !== shop.merchantId) problems.push('MerchantID Error');
    if (!/^[A-Za-z0-9]{1,20}$/.test(fields.MerchantTradeNo ?? '')) problems.push('MerchantTradeNo Error');
    if (!/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/.test(fields.MerchantTradeDate ?? '')) problems.push('MerchantTradeDate Error');
    if (!/^[1-9]\d*$/.test(fields.TotalAmount ?? '')) problems.push('TotalAmount Error');
    if (fields.PeriodAmount !== undefined) {
      if (fields.ChoosePayment !== 'Credit') problems.push('ChoosePayment must be Credit for a periodic order');
      if (fields.PeriodAmount !== fields.TotalAmount) problems.push('PeriodAmount must equal TotalAmount');
      const frequency = Number(fields.Frequency);
      const exec = Number(fields.ExecTimes);
      const type = fields.PeriodType;
      if (type === 'D' ? !(frequency >= 1 && frequency <= 365) : type === 'M' ? !(frequency >= 1 && frequency <= 12) : type === 'Y' ? frequency !== 1 : true) problems.push('PeriodType/Frequency Error');
      if (!(exec >= 2 && exec <= (type === 'Y' ? 99 : 999))) problems.push('ExecTimes Error');
      if (!/^https?:\/\//.test(fields.PeriodReturnURL ?? '')) problems.push('PeriodReturnURL Error');
    }
    return problems;
  };

  /** The buyer pays the order on ECPay's page: the ReturnURL notification (a periodic order also starts its agreement). */
  const pay = (fields: Readonly<Record<string, string>>, options: { paid?: boolean; simulated?: boolean } = {}): { url: string; body: Record<string, string> } => {
    const problems = problemsOf(fields);
    if (problems.length > 0) throw new Error(`ECPay refuses the order: ${problems.join(', ')}`);
    const paid = options.paid ?? true;
    orders.set(fields.MerchantTradeNo, { ...fields });
    if (paid && fields.PeriodAmount) {
      agreements.set(fields.MerchantTradeNo, { tradeNo: fields.MerchantTradeNo, amount: Number(fields.PeriodAmount), periodType: fields.PeriodType, frequency: Number(fields.Frequency), execTimes: Number(fields.ExecTimes), periodReturnUrl: fields.PeriodReturnURL, successes: 1, made: 1, status: 'active' });
    }
    tradeSeq += 1;
    const body = sign({
      MerchantID: shop.merchantId,
      MerchantTradeNo: fields.MerchantTradeNo,
      StoreID: '',
      RtnCode: paid ? '1' : '10100248',
      RtnMsg: paid ? '交易成功' : '授權失敗',
      TradeNo: `2603${String(tradeSeq).padStart(12, '0')}`,
      TradeAmt: fields.TotalAmount,
      PaymentDate: '2026/03/02 17:01:00',
      PaymentType: 'Credit_CreditCard',
      PaymentTypeChargeFee: '0',
      TradeDate: fields.MerchantTradeDate,
      SimulatePaid: options.simulated ? '1' : '0',
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
    });
    return { url: fields.ReturnURL, body };
  };

  /** ECPay charges the agreement once more: the PeriodReturnURL notification (null once cancelled or done). */
  const charge = (tradeNo: string, options: { decline?: boolean } = {}): { url: string; body: Record<string, string> } | null => {
    const agreement = agreements.get(tradeNo);
    if (!agreement || agreement.status !== 'active' || agreement.made >= agreement.execTimes) return null;
    agreement.made += 1;
    if (!options.decline) agreement.successes += 1;
    const body = sign({
      MerchantID: shop.merchantId,
      MerchantTradeNo: tradeNo,
      StoreID: '',
      RtnCode: options.decline ? '10100248' : '1',
      RtnMsg: options.decline ? '授權失敗' : '交易成功',
      PeriodType: agreement.periodType,
      Frequency: String(agreement.frequency),
      ExecTimes: String(agreement.execTimes),
      Amount: String(agreement.amount),
      Gwsr: String(10_000_000 + agreement.made),
      ProcessDate: '2026/04/02 02:00:00',
      AuthCode: options.decline ? '' : '777777',
      FirstAuthAmount: String(agreement.amount),
      TotalSuccessTimes: String(agreement.successes),
      SimulatePaid: '0',
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
    });
    return { url: agreement.periodReturnUrl, body };
  };

  const reply = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  /** ECPay's server: CreditCardPeriodAction and CreditDetail/DoAction, as the product's EcpayTransport calls them. */
  const transport = async (url: string, fields: Record<string, string>): Promise<string> => {
    calls.push({ url, fields: { ...fields } });
    if (url.endsWith('/CreditDetail/DoAction')) {
      // A card refund (Action=R) of a paid order, as ECPay answers it.
      const base = { MerchantID: fields.MerchantID ?? '', MerchantTradeNo: fields.MerchantTradeNo ?? '', TradeNo: fields.TradeNo ?? '' };
      if (fields.CheckMacValue !== fakeCheckMacValue(fields, shop) || fields.MerchantID !== shop.merchantId) return reply({ ...base, RtnCode: '10200073', RtnMsg: 'CheckMacValue Error' });
      if (fields.Action !== 'R' || !orders.has(base.MerchantTradeNo)) return reply({ ...base, RtnCode: '10100050', RtnMsg: '查無此訂單' });
      return reply({ ...base, RtnCode: '1', RtnMsg: '成功' });
    }
    if (!url.endsWith('/Cashier/CreditCardPeriodAction')) return 'Not Found';
    const base = { MerchantID: fields.MerchantID ?? '', MerchantTradeNo: fields.MerchantTradeNo ?? '' };
    if (fields.CheckMacValue !== fakeCheckMacValue(fields, shop) || fields.MerchantID !== shop.merchantId) return reply({ ...base, RtnCode: '10200073', RtnMsg: 'CheckMacValue Error' });
    if (!/^\d{10}$/.test(fields.TimeStamp ?? '')) return reply({ ...base, RtnCode: '10200047', RtnMsg: 'TimeStamp Error' });
    const agreement = agreements.get(base.MerchantTradeNo);
    if (!agreement) return reply({ ...base, RtnCode: '10100050', RtnMsg: '查無此訂單' });
    if (fields.Action === 'Cancel') {
      agreement.status = 'canceled';
      return reply({ ...base, RtnCode: '1', RtnMsg: '成功' });
    }
    return reply({ ...base, RtnCode: '10100058', RtnMsg: 'Action Error' });
  };

  return { problemsOf, pay, charge, transport, calls, agreements, orders };
};

export type FakeEcpay = ReturnType<typeof createFakeEcpay>;
