import { formatMoney } from '@merchant-hub/money';
import type { GatewayPayment } from '../../gateways/port';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The sandbox card issuer's 3-D Secure challenge: the tester chooses the answer; no script, so the CSP stays strict. */
export const threeDsPage = (payment: GatewayPayment): string => {
  const action = `/api/sandbox/3ds/${encodeURIComponent(payment.id)}/complete`;
  const done = payment.status !== 'requires_action';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>3-D Secure (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0;border-radius:.4rem;border:1px solid #adb5bd;cursor:pointer}.pay{background:#2f9e44;color:#fff;border-color:#2f9e44}.fail{background:#e03131;color:#fff;border-color:#e03131}</style></head>
<body><h1>3-D Secure authentication (sandbox)</h1>
<p>Your bank asks you to confirm this card payment.</p>
<p>Payment <code>${escapeHtml(payment.id)}</code></p>
<p>Amount: <strong>${escapeHtml(formatMoney(payment.amount, payment.currency))}</strong></p>
${
  done
    ? `<p>This payment is already <strong>${escapeHtml(payment.status)}</strong>.</p><form method="post" action="${action}"><input type="hidden" name="outcome" value="${payment.status === 'succeeded' ? 'succeeded' : 'failed'}"><button type="submit">Return to the merchant</button></form>`
    : `<form method="post" action="${action}"><button class="pay" type="submit" name="outcome" value="succeeded">Complete authentication</button><button class="fail" type="submit" name="outcome" value="failed">Fail authentication</button></form>`
}
<p><small>Test mode: no money moves. The page returns to the merchant with <code>payment_intent</code> and <code>redirect_status</code>.</small></p></body></html>`;
};
