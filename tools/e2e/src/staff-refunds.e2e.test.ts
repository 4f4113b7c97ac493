import { useRunningProduct } from './harness';
import { openMerchantInConsole, signInStaffThroughUi, signInThroughUi, skipTour } from './merchant-session';

// Issue 25 item 7 against the running product (sandbox gateway): support refunds half of one of merchant-my's
// paid invoices from the console, with a reason, through preview and commit; the merchant then sees the credit
// note under that invoice in the billing history.
const running = useRunningProduct();

const openMerchant = openMerchantInConsole;

describe('refund journey', () => {
  it('support refunds half of a paid invoice with a reason and the merchant sees the credit note in the billing history', async () => {
    const staff = await running.newPage();
    await signInStaffThroughUi(staff.page, running.product.baseUrl, 'support@demo.test');
    await openMerchant(staff.page, 'merchant-my', 'merchant-my@demo.test');
    const panel = staff.page.getByTestId('refunds-panel');
    const refundButton = panel.getByRole('button', { name: /^Refund invoice / }).first();
    await refundButton.waitFor();
    const number = ((await refundButton.getAttribute('aria-label')) ?? '').replace('Refund invoice ', '');
    await refundButton.click();
    const dialog = staff.page.getByRole('dialog', { name: `Refund invoice ${number}` });
    // "At most RM 106.92 is left to refund": half of it, rounded down to the sen.
    const hint = await dialog.getByText(/is left to refund/).innerText();
    const left = Math.round(Number((/([\d,]+\.\d{2})/.exec(hint)?.[1] ?? '0').replace(/,/g, '')) * 100);
    expect(left).toBeGreaterThan(0);
    const half = Math.floor(left / 2);
    await dialog.getByRole('textbox', { name: /Amount to refund \(MYR\)/ }).fill((half / 100).toFixed(2));
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Merchant was charged for a month they could not use, ticket 8812');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByTestId('refund-preview').waitFor();
    await dialog.getByRole('button', { name: /^Refund RM/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const creditNote = `CN-${number}-1`;
    await staff.page.getByText(`Refunded: credit note ${creditNote}`).first().waitFor();
    await panel.getByText(new RegExp(`Credit note ${creditNote}`)).waitFor();
    await staff.context.close();

    const merchant = await running.newPage();
    await signInThroughUi(merchant.page, running.product.baseUrl, 'merchant-my@demo.test');
    await merchant.page.goto(`${running.product.baseUrl}/home/dashboard`);
    await skipTour(merchant.page);
    await merchant.page.getByRole('button', { name: 'Billing History' }).click();
    const history = merchant.page.getByRole('dialog');
    await history.getByTestId('history-table').waitFor();
    await history.getByTestId('credit-notes').getByText(new RegExp(`Credit note ${creditNote}: RM ${(half / 100).toFixed(2)} refunded on \\d{2}/\\d{2}/\\d{4}`)).waitFor();
    await merchant.context.close();
  }, 180_000);
});
