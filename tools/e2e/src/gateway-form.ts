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
