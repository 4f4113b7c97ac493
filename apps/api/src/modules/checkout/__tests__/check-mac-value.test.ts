import { checkMacValue, ecpayUrlEncode, hasValidCheckMacValue } from '../../../gateways/ecpay/check-mac-value';
import { createEcpayGateway, ECPAY_STAGE_CREDENTIALS, ecpayTradeDate } from '../../../gateways/ecpay/ecpay.gateway';

const stageKeys = { hashKey: ECPAY_STAGE_CREDENTIALS.hashKey, hashIv: ECPAY_STAGE_CREDENTIALS.hashIv };

describe('ECPay CheckMacValue', () => {
  it('matches the published vector for the public stage shop 3002607', () => {
    const params = {
      ChoosePayment: 'ALL',
      EncryptType: '1',
      ItemName: 'Apple iphone 15',
      MerchantID: '3002607',
      MerchantTradeDate: '2023/03/12 15:30:23',
      MerchantTradeNo: 'ecpay20230312153023',
      PaymentType: 'aio',
      ReturnURL: 'https://www.ecpay.com.tw/receive.php',
      TotalAmount: '30000',
      TradeDesc: '促銷方案',
    };
    expect(checkMacValue(params, stageKeys)).toBe('6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840');
  });

  it('matches the published vector for shop 2000132 (spaces, CJK, keys in any order)', () => {
    const params = {
      MerchantID: '2000132',
      MerchantTradeNo: 'Test201102145704',
      MerchantTradeDate: '2020/10/20 14:57:04',
      PaymentType: 'aio',
      TotalAmount: 100,
      TradeDesc: '檢查碼建立測試',
      ItemName: '測試商品 100 TWD x 1',
      ReturnURL: 'https://www.ecpay.com.tw/receive.php',
      ChoosePayment: 'ALL',
      EncryptType: 1,
    };
    expect(checkMacValue(params, { hashKey: '5294y06JbISpM5x9', hashIv: 'v77hoKGq4kWxNNIS' })).toBe('5DC5C11B7E9D42A5D750511E6BE08CDE759104F7EAB6CDD761AE120A5A8ABB34');
  });

  it('ignores a CheckMacValue already among the parameters', () => {
    const params = { MerchantID: '3002607', TotalAmount: '10' };
    expect(checkMacValue({ ...params, CheckMacValue: 'ABC' }, stageKeys)).toBe(checkMacValue(params, stageKeys));
  });

  it('encodes the .NET way: space as +, ~ and quote escaped, lower-case hex, - _ . ! * ( ) kept', () => {
    expect(ecpayUrlEncode("a b~'c-_.!*()/")).toBe('a+b%7e%27c-_.!*()%2f');
    expect(ecpayUrlEncode('ÄB')).toBe('%c3%84b');
  });

  it('verifies a signed notification and rejects any tampered field, a missing or malformed mac', () => {
    const notification = { MerchantID: '3002607', MerchantTradeNo: 'MH0001', RtnCode: '1', RtnMsg: '交易成功', TradeAmt: '1355', CustomField1: '' };
    const signed = { ...notification, CheckMacValue: checkMacValue(notification, stageKeys) };
    expect(hasValidCheckMacValue(signed, stageKeys)).toBe(true);
    expect(hasValidCheckMacValue({ ...signed, CheckMacValue: signed.CheckMacValue.toLowerCase() }, stageKeys)).toBe(true);
    expect(hasValidCheckMacValue({ ...signed, TradeAmt: '1' }, stageKeys)).toBe(false);
    expect(hasValidCheckMacValue({ ...signed, RtnCode: '2' }, stageKeys)).toBe(false);
    expect(hasValidCheckMacValue({ ...signed, Extra: 'x' }, stageKeys)).toBe(false);
    expect(hasValidCheckMacValue(notification, stageKeys)).toBe(false);
    expect(hasValidCheckMacValue({ ...signed, CheckMacValue: 'nothex' }, stageKeys)).toBe(false);
    expect(hasValidCheckMacValue(signed, { hashKey: 'other-key-000000', hashIv: stageKeys.hashIv })).toBe(false);
  });
});

describe('ECPay AIO order form', () => {
  const gateway = (mode: 'sandbox' | 'stage' | 'production') =>
    createEcpayGateway({ mode, merchantId: ECPAY_STAGE_CREDENTIALS.merchantId, keys: stageKeys, publicUrl: 'http://localhost:3000' });
  const order = {
    tradeNo: 'MH1234567890ABCDEF12',
    totalAmount: 1355,
    tradeDate: new Date('2026-03-02T09:00:00Z'),
    description: 'Merchant Hub Starter',
    itemNames: ['Starter (monthly) #1', 'Setup'],
    notifyUrl: 'http://localhost:3000/api/ecpay/notify',
    resultUrl: 'http://localhost:3000/api/ecpay/order-result/tok',
    backUrl: 'http://localhost:3000/subscribe-payment-result/tok',
  };

  it('targets the sandbox cashier, ECPay stage or production by mode', () => {
    expect(gateway('sandbox').createOrder(order).action).toBe('http://localhost:3000/api/sandbox/ecpay/cashier');
    expect(gateway('stage').createOrder(order).action).toBe('https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5');
    expect(gateway('production').createOrder(order).action).toBe('https://payment.ecpay.com.tw/Cashier/AioCheckOut/V5');
  });

  it('signs every field, writes Taiwan time and joins items with #', () => {
    const { fields } = gateway('stage').createOrder(order);
    expect(fields).toMatchObject({
      MerchantID: '3002607',
      MerchantTradeNo: 'MH1234567890ABCDEF12',
      MerchantTradeDate: '2026/03/02 17:00:00',
      PaymentType: 'aio',
      TotalAmount: '1355',
      ItemName: 'Starter (monthly)  1#Setup',
      EncryptType: '1',
    });
    expect(hasValidCheckMacValue(fields, stageKeys)).toBe(true);
    expect(ecpayTradeDate(new Date('2025-12-31T16:30:05Z'))).toBe('2026/01/01 00:30:05');
  });

  it('refuses trade numbers ECPay would refuse and amounts that are not whole dollars', () => {
    expect(() => gateway('stage').createOrder({ ...order, tradeNo: 'MH-1' })).toThrow(RangeError);
    expect(() => gateway('stage').createOrder({ ...order, tradeNo: 'A'.repeat(21) })).toThrow(RangeError);
    expect(() => gateway('stage').createOrder({ ...order, totalAmount: 13.5 })).toThrow(RangeError);
  });
});
