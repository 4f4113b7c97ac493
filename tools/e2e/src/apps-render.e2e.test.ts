import type { Page } from 'playwright-core';
import { useRunningProduct } from './harness';

const running = useRunningProduct();

async function openPage(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await running.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${running.product.baseUrl}${path}`, { waitUntil: 'networkidle' });
  return { page, errors };
}

describe('the product served from one origin', () => {
  it('answers the health check', async () => {
    const response = await fetch(`${running.product.baseUrl}/api/health`);
    expect(response.status).toBe(200);
  });

  it.each([
    ['merchant back office', '/signin'],
    ['public checkout', '/subscribe-payment-result/unknown-token'],
    ['staff console', '/staff/'],
  ])('renders the %s in Chromium without script errors', async (_name, path) => {
    const { page, errors } = await openPage(path);
    await page.waitForSelector('[data-mantine-color-scheme]');
    // The signed-out console goes on to sign-in (a second page load): wait for the page a person sees to show text.
    await page.waitForFunction(() => document.body.innerText.trim().length > 0);
    const text = await page.locator('body').innerText();
    expect(text.trim().length).toBeGreaterThan(0);
    // Signed out, the console's who-am-I call answers 401 by design and the page goes to sign-in: Chromium logs
    // that response, which is no script error.
    const signedOut = /Failed to load resource: the server responded with a status of 401/;
    expect(path === '/staff/' ? errors.filter((error) => !signedOut.test(error)) : errors).toEqual([]);
    await page.close();
  });

  it('serves each app with its own translations (Traditional Chinese on request)', async () => {
    const { page } = await openPage('/signin?locale=zhtw');
    await page.waitForSelector('[data-mantine-color-scheme]');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-TW');
    await page.close();
  });
});
