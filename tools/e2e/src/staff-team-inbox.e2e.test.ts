import type { Page } from 'playwright-core';
import { captureSchemesAndWidths } from './axe-scan';
import { useRunningProduct } from './harness';
import { signInStaffThroughUi, signInThroughUi, skipTour } from './merchant-session';

// Issue 11 parts 3 and 4 "Done when" journeys against the running product: the support inbox from a merchant's
// message to the reply in its back office and mailbox; a superadmin inviting a support member who sets a
// password from the e-mailed link, signs in, and is signed out when deactivated. Screenshots of every new
// screen at 375 and 1440 px, light and dark, en and zhtw (docs/screenshots/team-*.png, support-*.png when
// SCREENSHOTS=1).
const MY = 'merchant-my@demo.test';
const INVITEE = 'new-support@demo.test';
// What a hostile merchant could type: it must show as text everywhere, never run.
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

type Mail = { subject: string; text: string; link?: string; code?: string };

const running = useRunningProduct();

const newPage = running.newPage;

const mails = async (to: string): Promise<Mail[]> =>
  ((await (await fetch(`${running.product.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { data: Mail[] }).data;

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0);

describe('staff accounts and support inbox journeys', () => {
  it('a merchant writes to support, support replies, and the merchant reads the reply in the back office and in the mailbox', async () => {
    const merchant = await newPage();
    await signInThroughUi(merchant.page, running.product.baseUrl, MY);
    await skipTour(merchant.page);
    await merchant.page.getByRole('button', { name: 'Account menu' }).click();
    await merchant.page.getByRole('menuitem', { name: 'Contact support' }).click();
    const dialog = merchant.page.getByRole('dialog', { name: 'Contact support' });
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Charged twice this month');
    await dialog.getByRole('textbox', { name: 'Message' }).fill(`Please check my invoices. ${HOSTILE}`);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await merchant.page.getByText('Message has been sent successfully!').waitFor();
    await merchant.page.getByRole('heading', { level: 1, name: 'Charged twice this month' }).waitFor();
    // The markup is on screen as the characters the merchant typed.
    await merchant.page.getByText(HOSTILE, { exact: false }).waitFor();
    expect(await pwned(merchant.page)).toBe(0);

    const support = await newPage();
    await signInStaffThroughUi(support.page, running.product.baseUrl, 'support@demo.test');
    const inboxLink = support.page.getByRole('link', { name: /Support inbox/ });
    await inboxLink.getByText('1', { exact: true }).waitFor();
    await inboxLink.click();
    await support.page.getByRole('heading', { level: 1, name: 'Support inbox' }).waitFor();
    await support.page.getByRole('link', { name: 'Charged twice this month' }).click();
    await support.page.getByText(HOSTILE, { exact: false }).waitFor();
    expect(await pwned(support.page)).toBe(0);
    await support.page.getByRole('button', { name: 'Assign to me' }).click();
    // The thread's assignee line (the toast says it too).
    await support.page.getByText(/^Assigned to .+ ·/).waitFor();
    await support.page.getByRole('textbox', { name: 'Reply' }).fill('We refunded the second charge; it reaches your card in 5-10 days.');
    await support.page.getByRole('button', { name: 'Send', exact: true }).click();
    await support.page.getByText('Reply sent; the merchant gets it by e-mail too').waitFor();
    await support.page.getByText('Answered').first().waitFor();

    await merchant.page.goto(`${running.product.baseUrl}/support`);
    await merchant.page.getByText('New reply').waitFor();
    await merchant.page.getByRole('link', { name: 'Charged twice this month' }).click();
    await merchant.page.getByText('We refunded the second charge; it reaches your card in 5-10 days.').waitFor();

    const [mail] = await mails(MY);
    expect(mail.subject).toBe('Re: Charged twice this month');
    expect(mail.text).toContain('We refunded the second charge');
    expect(mail.link).toMatch(/\/support\/\d+$/);
    await merchant.context.close();
    await support.context.close();
  }, 180_000);

  it('a superadmin invites a support member, who sets a password from the mailbox link and signs in; deactivated, their session ends', async () => {
    const admin = await newPage();
    await signInStaffThroughUi(admin.page, running.product.baseUrl, 'admin@demo.test');
    await admin.page.getByRole('link', { name: 'Staff accounts' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Staff accounts' }).waitFor();
    await admin.page.getByRole('textbox', { name: 'E-mail' }).fill(INVITEE);
    await admin.page.getByRole('textbox', { name: 'Name' }).fill('Mei Ling');
    await admin.page.getByRole('combobox', { name: 'Language of the invitation' }).click();
    await admin.page.getByRole('listbox', { name: 'Language of the invitation' }).getByRole('option', { name: '繁體中文' }).click();
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    // Issue 27 §8: every team change asks why first.
    const why = admin.page.getByRole('dialog', { name: 'Why are you doing this?' });
    await why.getByRole('textbox', { name: /Reason/ }).fill('New support hire for the night shift');
    await why.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText(`Invitation sent to ${INVITEE}`).waitFor();
    await admin.page.getByRole('row').filter({ hasText: INVITEE }).getByText('Invited').waitFor();

    const [invitation] = await mails(INVITEE);
    expect(invitation.subject).toBe('您已受邀加入 Merchant Hub 員工控制台');
    expect(invitation.link).toMatch(/\/reset-password\//);

    const invitee = await newPage();
    await invitee.page.goto(String(invitation.link));
    // The demo password: the shared sign-in steps type it.
    await invitee.page.getByLabel(/^New password/).fill('Merchant2026');
    await invitee.page.getByLabel(/^Confirm new password/).fill('Merchant2026');
    await invitee.page.getByRole('button', { name: 'Reset password' }).click();
    await invitee.page.getByText('Your password has been successfully reset.').waitFor();
    await signInStaffThroughUi(invitee.page, running.product.baseUrl, INVITEE);

    await admin.page.reload();
    const row = admin.page.getByRole('row').filter({ hasText: INVITEE });
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const leaving = admin.page.getByRole('dialog', { name: 'Deactivate this staff member?' });
    await leaving.getByRole('textbox', { name: /Reason/ }).fill('Left the company');
    await leaving.getByRole('button', { name: 'Deactivate' }).click();
    await admin.page.getByText('Mei Ling has been deactivated and signed out').waitFor();
    await row.getByText('Deactivated').waitFor();

    // Their next request is refused: the console sends them to sign-in.
    // The console's own redirect can abort the reload's navigation, so wait for the sign-in form (a locator
    // outlives navigations) and then read the address, instead of waiting on one navigation event.
    await invitee.page.reload({ waitUntil: 'commit' }).catch(() => undefined);
    await invitee.page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    expect(new URL(invitee.page.url()).pathname).toMatch(/^\/signin/);
    await admin.context.close();
    await invitee.context.close();
  }, 180_000);

  it('captures the staff accounts, inbox, conversation and back-office support screens: 375 and 1440 px, light and dark, en and zhtw', async () => {
    const admin = await newPage();
    await signInStaffThroughUi(admin.page, running.product.baseUrl, 'admin@demo.test');
    const merchant = await newPage();
    await signInThroughUi(merchant.page, running.product.baseUrl, MY);
    const [conversation] = (await merchant.page.evaluate(async () => (await (await fetch('/api/support/conversations')).json()) as { data: { id: number }[] })).data;
    const screens: [Page, string, string][] = [
      [admin.page, 'team', '/staff/team'],
      [admin.page, 'support-inbox', '/staff/support'],
      [admin.page, 'support-conversation', `/staff/support/${conversation.id}`],
      [merchant.page, 'support-mine', '/support'],
      [merchant.page, 'support-thread', `/support/${conversation.id}`],
      [merchant.page, 'support-contact', '/support?new=1'],
    ];
    // One load per screen and language; the scheme and the width change in place.
    for (const language of ['en', 'zhtw'] as const) {
      for (const page of [admin.page, merchant.page]) await page.evaluate((lng) => window.localStorage.setItem('merchant-hub.locale', lng), language);
      for (const [page, name, path] of screens) {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(`${running.product.baseUrl}${path}`);
        await page.locator(name === 'support-contact' ? '[role=dialog] input' : 'h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await captureSchemesAndWidths(page, (scheme, width) => `${name}-${language}-${scheme}-${width}.png`, { fullPage: name !== 'support-contact' });
      }
    }
    await admin.context.close();
    await merchant.context.close();
  }, 400_000);
});
