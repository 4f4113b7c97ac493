import type { Page } from 'playwright-core';

// The Taiwanese gateway (ECPay) checkout form, as a buyer fills it.

/** The state list loads per country; a country without states leaves the field disabled. */
export const pickFirstState = async (page: Page) => {
  const state = page.getByLabel(/^State \/ region/).first();
  // The country's state list has answered (or there is none to wait for): nothing is in flight.
  await page.waitForLoadState('networkidle');
  if (await state.isDisabled()) return;
  await state.click();
  // In the open dropdown: the language picker's native <option>s are on the page too.
  await page.getByRole('listbox').getByRole('option').first().click();
};

export const fillGatewayForm = async (page: Page, email: string) => {
  await page.getByLabel('Company name').fill('好好商行');
  await page.getByLabel('Business ID number').fill('12345678');
  await page.getByLabel('First name').fill('小明');
  await page.getByLabel('Last name').fill('王');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('E-mail').blur();
  await page.getByLabel('Mobile number').fill('912345678');
  await page.getByRole('textbox', { name: /^Address( \*)?$/ }).fill('信義路五段7號');
  await page.getByLabel('Postal code').fill('1-1-0');
  await pickFirstState(page);
  await page.getByLabel(/^Line ID/).first().fill('xiaoming');
};

/** What a checkout form shows: each field's value and whether it is marked invalid, the messages, the total. */
const formState = (page: Page) =>
  page.evaluate(() => ({
    fields: [...document.querySelectorAll('form input')].map((input) => {
      const field = input as HTMLInputElement;
      const label = field.labels?.[0]?.textContent?.trim() || field.name || field.type;
      return `${label}=${field.type === 'checkbox' ? String(field.checked) : JSON.stringify(field.value)}${field.getAttribute('aria-invalid') === 'true' ? ' (invalid)' : ''}${field.disabled ? ' (disabled)' : ''}`;
    }),
    messages: [...document.querySelectorAll('.mantine-InputWrapper-error, [role="alert"]')].map((node) => node.textContent?.trim()),
    total: document.querySelector('[data-testid="summary-total"]')?.textContent,
    checkingEmail: document.querySelector('form [aria-label^="Checking"]') !== null,
  }));

/**
 * Waits for the checkout's Pay button to enable: the form's validity is worked out once its schema has loaded
 * (after the first field's focus), slowly on a busy machine. If it never does, the error says what the form
 * holds, so a red run shows which field kept it disabled.
 */
export const waitForPayEnabled = async (page: Page, timeout = 90_000): Promise<void> => {
  try {
    await page.waitForFunction(() => document.querySelector('[data-testid="pay-now"]')?.hasAttribute('disabled') === false, undefined, { timeout });
  } catch (error) {
    const state = await formState(page).catch((reason: unknown) => `(the form could not be read: ${String(reason)})`);
    throw new Error(`${(error as Error).message}\nThe Pay button stayed disabled; the form: ${JSON.stringify(state, null, 1)}`, { cause: error });
  }
};
