const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const page = (title: string, body: string): string => `<!doctype html><html lang="zh-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,"Noto Sans TC",sans-serif;max-width:520px;margin:3rem auto;padding:0 1rem;color:#212529}h1{font-size:1.4rem}.box{border:1px solid #dee2e6;border-radius:.5rem;padding:1rem 1.2rem;margin:1rem 0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0}dt{color:#868e96}dd{margin:0}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0;border-radius:.4rem;border:1px solid #adb5bd;cursor:pointer}.pay{background:#2f9e44;color:#fff;border-color:#2f9e44}.fail{background:#e03131;color:#fff;border-color:#e03131}.err{color:#e03131}</style></head>
<body>${body}<p><small>Sandbox cashier: no money moves. It notifies ReturnURL with a valid CheckMacValue, as ECPay does, then sends you back to the shop.</small></p></body></html>`;

/** The sandbox stand-in for ECPay's cashier: shows the order and lets the tester pay or fail. No script: the CSP stays strict. */
export const ecpayCashierPage = (fields: Readonly<Record<string, string>>, completeAction: string): string => {
  const periodic = Boolean(fields.PeriodAmount);
  const hidden = Object.entries(fields)
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    'ECPay sandbox cashier',
    `<h1>綠界科技 ECPay (sandbox)</h1>
<div class="box"><dl>
<dt>Order</dt><dd><code>${escapeHtml(fields.MerchantTradeNo ?? '')}</code></dd>
<dt>Item</dt><dd>${escapeHtml(fields.ItemName ?? '')}</dd>
<dt>Amount</dt><dd><strong data-testid="ecpay-amount">NT$${escapeHtml(Number(fields.TotalAmount ?? 0).toLocaleString('en-US'))}</strong></dd>
<dt>Date</dt><dd>${escapeHtml(fields.MerchantTradeDate ?? '')}</dd>
${periodic ? `<dt>定期定額</dt><dd data-testid="ecpay-period">NT$${escapeHtml(Number(fields.PeriodAmount).toLocaleString('en-US'))} every ${escapeHtml(fields.Frequency ?? '1')} ${fields.PeriodType === 'Y' ? 'year' : fields.PeriodType === 'D' ? 'day' : 'month'}(s), ${escapeHtml(fields.ExecTimes ?? '')} times</dd>` : ''}
</dl></div>
<form method="post" action="${escapeHtml(completeAction)}">${hidden}
<p>Test card 4311-9522-2222-2222, CVV 222</p>
<button class="pay" type="submit" name="outcome" value="paid">Pay</button><button class="fail" type="submit" name="outcome" value="failed">Fail</button>${periodic ? '<button type="submit" name="outcome" value="paid_decline_later">Succeed now, decline later charges</button>' : ''}</form>`,
  );
};

export const ecpayCashierErrorPage = (message: string): string => page('ECPay sandbox cashier', `<h1>ECPay (sandbox)</h1><p class="err">${escapeHtml(message)}</p>`);
