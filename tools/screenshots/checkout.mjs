// Screenshots of the public checkout: the gateway (TW, ECPay) and card (MY) checkout pages and every payment
// result state, at 375 px and 1440 px, into docs/screenshots/checkout-*.png. Each result state is real API
// state: orders are created through POST /api/ecpay/create-order and settled (or not) through the sandbox
// cashier, so the page reads what a buyer would.
// Usage: npx nx run-many -t build -p api public-checkout merchant-backoffice && node tools/screenshots/checkout.mjs
import { launchChromium, shot, startProduct, WIDTHS } from './product.mjs';

const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'merchant-hub' };

const { base, stop } = await startProduct();

const api = async (path, init = {}) => {
  const res = await fetch(`${base}/api${path}`, { ...init, headers: { ...JSON_HEADERS, ...init.headers } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
};

const starterId = async (market) => {
  const { data } = await api(`/active-packages?country=${market}`);
  const pkg = data.find((p) => p.name === 'Starter' && p.billing_period === 'monthly');
  if (!pkg) throw new Error(`no Starter plan in ${market}`);
  return pkg.id;
};

let buyers = 0;
/** A pending ECPay order, as the gateway checkout page creates it. */
const createOrder = async (email = `shot-${(buyers += 1)}@shop.test`) => {
  const { data: countries } = await api('/countries');
  const taiwan = countries.find((c) => c.iso_code === 'TW');
  const { data: states } = await api(`/countries/${taiwan.id}/states`);
  const { data } = await api('/ecpay/create-order', {
    method: 'POST',
    body: JSON.stringify({
      package_id: await starterId('TW'),
      company_name: '好好商行',
      company_reg_no: '12345678',
      first_name: '小明',
      last_name: '王',
      email,
      phone: '+886 912345678',
      address1: '信義路五段7號',
      postal_code: '110',
      country: taiwan.id,
      state_or_region: states.states[0]?.id,
      line_id: 'xiaoming',
    }),
  });
  return data;
};

/** The sandbox cashier's Pay / Fail buttons: it notifies ReturnURL exactly as ECPay does. */
const settle = async (order, outcome) => {
  const res = await fetch(`${base}/api/sandbox/ecpay/cashier/complete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...order.fields, outcome }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`cashier answered ${res.status}`);
};

const status = (order) => api(`/ecpay/payment-status?token=${encodeURIComponent(order.token)}`);

/** One token per result state; pending and the others stay as they are for both widths. */
const resultTokens = async () => {
  const pending = await createOrder();
  const failed = await createOrder();
  await settle(failed, 'failed');
  // Expired: paid, and the buyer already signed in with the ticket; the link cannot sign anyone in again.
  const expired = await createOrder();
  await settle(expired, 'paid');
  const { loginInfo } = await status(expired);
  await api('/checkout/ticket-sign-in', { method: 'POST', body: JSON.stringify({ ticket: loginInfo.ticket }) });
  // Paid conflict: two orders for one e-mail; the second payment finds the e-mail taken.
  const first = await createOrder('shot-conflict@shop.test');
  const second = await createOrder('shot-conflict@shop.test');
  await settle(first, 'paid');
  await settle(second, 'paid');
  const tokens = { pending: pending.token, failed: failed.token, expired: expired.token, invalid_token: 'not-a-real-token-000000000', paid_conflict: second.token };
  for (const [state, token] of Object.entries(tokens)) {
    if (state === 'invalid_token') continue;
    const read = (await api(`/ecpay/payment-status?token=${encodeURIComponent(token)}`)).status;
    if (read !== state) throw new Error(`the ${state} order reads ${read}`);
  }
  return tokens;
};

const newPage = async (browser, width) => {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 }, deviceScaleFactor: 1 });
  return { context, page: await context.newPage() };
};

try {
  const browser = await launchChromium();
  const twId = await starterId('TW');
  const myId = await starterId('MY');
  const tokens = await resultTokens();
  for (const width of WIDTHS) {
    const { context, page } = await newPage(browser, width);
    // The forms are long: the whole page shows both the form and the summary.
    await page.goto(`${base}/subscribe/${twId}?locale=en`, { waitUntil: 'networkidle' });
    await page.getByTestId('summary-total').waitFor();
    await shot(page, `checkout-gateway-${width}`, { fullPage: true });
    await page.goto(`${base}/subscribe/${twId}?locale=zh-TW`, { waitUntil: 'networkidle' });
    await page.getByTestId('summary-total').waitFor();
    await shot(page, `checkout-gateway-zhtw-${width}`, { fullPage: true });
    await page.goto(`${base}/subscribe-payment/${myId}?locale=en`, { waitUntil: 'networkidle' });
    await page.getByTestId('summary-total').waitFor();
    await page.getByLabel('Card number').waitFor();
    await shot(page, `checkout-card-${width}`, { fullPage: true });
    await page.goto(`${base}/subscribe-payment/${myId}?type=fpx&locale=en`, { waitUntil: 'networkidle' });
    await page.getByTestId('summary-total').waitFor();
    await shot(page, `checkout-fpx-${width}`, { fullPage: true });

    for (const [state, token] of Object.entries(tokens)) {
      await page.goto(`${base}/subscribe-payment-result/${token}?locale=en`, { waitUntil: 'networkidle' });
      await page.getByTestId(`result-${state}`).waitFor();
      await shot(page, `checkout-result-${state === 'invalid_token' ? 'invalid-token' : state === 'paid_conflict' ? 'paid-conflict' : state}-${width}`);
    }
    await context.close();

    // Success last, in its own context: its countdown signs the buyer in after ten seconds.
    const success = await newPage(browser, width);
    const order = await createOrder();
    await settle(order, 'paid');
    await success.page.goto(`${base}/subscribe-payment-result/${order.token}?locale=en`, { waitUntil: 'networkidle' });
    await success.page.getByTestId('result-success').waitFor();
    await shot(success.page, `checkout-result-success-${width}`);
    await success.context.close();
  }
  await browser.close();
} finally {
  stop();
}
