/**
 * Taiwan's gateways take the buyer to their own page with a browser form post, then tell the merchant the
 * outcome twice: a server-to-server notification (the one to trust) and the browser coming back.
 */
export type HostedFormOrder = {
  /** Unique per order, ≤ 20 alphanumerics. */
  tradeNo: string;
  /** Whole currency units (ECPay takes integers only). */
  totalAmount: number;
  tradeDate: Date;
  description: string;
  itemNames: string[];
  /** Server notification (ECPay's ReturnURL). */
  notifyUrl: string;
  /** Where the browser is sent with the result (OrderResultURL). */
  resultUrl: string;
  /** The "back to the shop" link on the gateway's page (ClientBackURL). */
  backUrl: string;
};

/** What the browser posts: the gateway's address and every field, signed. */
export type HostedForm = { action: string; method: 'POST'; fields: Record<string, string> };

export type HostedFormNotification = {
  tradeNo: string;
  /** 1 = paid (ECPay RtnCode); anything else is not a payment. */
  paid: boolean;
  code: string;
  message: string;
  gatewayTradeNo: string;
  amount: number;
  simulated: boolean;
  fields: Record<string, string>;
};

export type HostedFormGateway = {
  mode: 'sandbox' | 'stage' | 'production';
  merchantId: string;
  createOrder: (order: HostedFormOrder) => HostedForm;
  /** Null when the signature does not match: the caller refuses the notification. */
  verifyNotification: (body: Readonly<Record<string, unknown>>) => HostedFormNotification | null;
};
