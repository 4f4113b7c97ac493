import { DEFAULT_THEME_OPTIONS, writeThemeOptions } from '@merchant-hub/ui-kit';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, storeSession, user } from './render-app';

afterEach(() => window.localStorage.clear());

const billingFails = { path: '/users/billing/all', status: 402, body: { error: { code: 'must_subscribe', message: 'Please subscribe', key: 'errors:billing.mustSubscribe' } } };

describe('saved theme options', () => {
  it('apply on sign-in and leave the shell still, so navigation settles', async () => {
    storeSession();
    writeThemeOptions(window.localStorage, user.id, { ...DEFAULT_THEME_OPTIONS, darkMode: true });
    const { router } = renderApp('/', [{ path: '/user', body: { data: user } }, billingFails]);
    expect(await screen.findByRole('heading', { name: 'Hello, Aisyah Rahman' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'));

    // A render loop in the shell keeps the page changing; count DOM mutations once the page is up, over a fixed
    // number of turns of the event loop (React schedules each render on its own turn), not over a length of time
    // that a busy machine would fill with fewer renders.
    let mutations = 0;
    const observer = new MutationObserver((records) => (mutations += records.length));
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    observer.disconnect();
    expect(mutations).toBeLessThan(20);

    await router.navigate('/profile/personal');
    expect(await screen.findByRole('heading', { name: 'Personal profile' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  });
});
