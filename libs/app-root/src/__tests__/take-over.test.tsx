import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { createI18n } from '@merchant-hub/i18n';
import { act, waitFor } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line @nx/enforce-module-boundaries -- tools/vite belongs to no project: the head script the takeover works with.
import { HOLD_SUBMIT } from '../../../../tools/vite/prerender';
import { AppShell, renderApp } from '../index';

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  delete (window as unknown as Record<string, unknown>)['__prerenderPendingSubmit'];
});

/** The app's form, the same fields as the prerendered markup; says when it is on the page. */
const Form = ({ onMounted }: { onMounted: () => void }) => {
  useEffect(onMounted, [onMounted]);
  return (
    <form data-app="yes">
      <input name="email" defaultValue="" aria-label="Email" />
      <input name="password" defaultValue="" aria-label="Password" />
    </form>
  );
};

/** index.html's #root holding a prerendered form, as the build writes it. */
const prerendered = () => {
  const container = document.createElement('div');
  container.innerHTML = '<form><input name="email" value=""><input name="password" value=""></form>';
  document.body.append(container);
  return container;
};

const type = (field: HTMLInputElement, value: string) => {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('renderApp taking over a prerendered page rendered afresh (another query string)', () => {
  it('keeps what the visitor typed while the app was rendering, not only before', async () => {
    window.history.replaceState(null, '', '/signin?locale=en');
    const container = prerendered();
    const [email, password] = [...container.querySelectorAll('input')];
    type(email, 'before@demo.test');
    let mounted = false;
    await act(async () => {
      await renderApp(container, (onMounted) => <Form onMounted={() => ((mounted = true), onMounted())} />, () => Promise.resolve());
      // The render from scratch has started but not committed: the markup's field still takes the typing.
      expect(container.querySelector('form[data-app]')).toBeNull();
      type(password, 'typed-during-render');
    });
    await waitFor(() => expect(mounted).toBe(true));
    const fields = [...container.querySelectorAll<HTMLInputElement>('form[data-app] input')];
    expect(fields.map((field) => field.value)).toEqual(['before@demo.test', 'typed-during-render']);
  });

  it('puts the focus back in the field the visitor was in when the app committed', async () => {
    window.history.replaceState(null, '', '/signin?locale=en');
    const container = prerendered();
    const [, password] = [...container.querySelectorAll('input')];
    await act(async () => {
      await renderApp(container, (onMounted) => <Form onMounted={onMounted} />, () => Promise.resolve());
      password.focus();
    });
    await waitFor(() => expect(document.activeElement).toBe(container.querySelector('form[data-app] input[name="password"]')));
  });
});

describe('renderApp taking over a prerendered page it hydrates', () => {
  /** The prerendered page's head script, which holds a submit back until the app takes over (tools/vite/prerender.ts). */
  let removeHeadScript = () => undefined as void;
  afterEach(() => removeHeadScript());
  const runHeadScript = () => {
    // Its listener is caught on the way in, so each test can take it away again.
    const addEventListener = (type: string, listener: EventListener, capture: boolean) => {
      window.addEventListener(type, listener, capture);
      removeHeadScript = () => window.removeEventListener(type, listener, capture);
    };
    new Function('addEventListener', HOLD_SUBMIT)(addEventListener);
  };

  it('submits once, with what was typed, when the visitor submits both in the markup and as React hydrates the form', async () => {
    runHeadScript();
    const submitted: string[] = [];
    const SignIn = () => {
      // The moment its form is hydrated (its handlers attached), before the takeover is over.
      const hydrated = useRef<HTMLFormElement>(null);
      useEffect(() => hydrated.current?.setAttribute('data-hydrated', 'yes'), []);
      return (
        <form
          ref={hydrated}
          onSubmit={(event) => {
            event.preventDefault();
            submitted.push(String(new FormData(event.currentTarget).get('email')));
          }}
        >
          <input name="email" defaultValue="" aria-label="Email" />
          <button type="submit">Sign in</button>
        </form>
      );
    };
    // The texts in at once, as in the build's prerender (`prerenderRoot`).
    const shell = { i18n: createI18n({ lng: 'en', plugins: [initReactI18next] }), httpClient: createHttpClient(), queryClient: createQueryClient({ onError: () => undefined, onUnauthorized: () => undefined }) };
    const page = (onMounted: () => void, hydrating: boolean) => (
      <AppShell {...shell} onMounted={onMounted} hydrating={hydrating}>
        <SignIn />
      </AppShell>
    );
    const container = document.createElement('div');
    // As the build writes it (tools/vite/prerender-pages.mjs): once everything the tree waits for is in.
    container.innerHTML = await new Response((await prerender(page(() => undefined, true))).prelude).text();
    document.body.append(container);
    const form = container.querySelector('form');
    const button = container.querySelector('button');
    type(container.querySelector('input') as HTMLInputElement, 'before@demo.test');
    button?.click();
    let mounted = false;
    await renderApp(container, (onMounted, hydrating) => page(() => ((mounted = true), onMounted()), hydrating), () => Promise.resolve());
    await waitFor(() => expect(form?.getAttribute('data-hydrated')).toBe('yes'));
    // React hydrated the form and handles its events, but the takeover has not replayed the held submit yet.
    expect(mounted).toBe(false);
    button?.click();
    await waitFor(() => expect(mounted).toBe(true));
    await waitFor(() => expect(submitted).toEqual(['before@demo.test']));
    // Nothing else comes after the replay.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(submitted).toEqual(['before@demo.test']);
  });
});
