import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { createI18n } from '@merchant-hub/i18n';
import { act, waitFor } from '@testing-library/react';
import { createContext, lazy, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line @nx/enforce-module-boundaries -- tools/vite belongs to no project: the head script the takeover works with.
import { HOLD_SUBMIT } from '../../../../tools/vite/prerender';
import { AppShell, LazyPart, renderApp } from '../index';
import { LazyParts } from '../lazy-part';

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

  /** A sign-in form whose submits land in `submitted` (its e-mail); marked once hydrated (handlers attached). */
  const SignInForm = ({ submitted }: { submitted: string[] }) => {
    const form = useRef<HTMLFormElement>(null);
    useEffect(() => form.current?.setAttribute('data-hydrated', 'yes'), []);
    return (
      <form
        ref={form}
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

  /** `children` in the app's shell, the texts in at once, as in the build's prerender (`prerenderRoot`). */
  const inShell = (children: ReactNode, onMounted: () => void, hydrating: boolean) => (
    <AppShell
      i18n={createI18n({ lng: 'en', plugins: [initReactI18next] })}
      httpClient={createHttpClient()}
      queryClient={createQueryClient({ onError: () => undefined, onUnauthorized: () => undefined })}
      onMounted={onMounted}
      hydrating={hydrating}
    >
      {children}
    </AppShell>
  );

  /** #root holding `tree` as the build writes it (tools/vite/prerender-pages.mjs): once all it waits for is in. */
  const prerenderedPage = async (tree: ReactNode) => {
    const container = document.createElement('div');
    container.innerHTML = await new Response((await prerender(tree)).prelude).text();
    document.body.append(container);
    return container;
  };

  it('submits once, with what was typed, when the visitor submits both in the markup and as React hydrates the form', async () => {
    runHeadScript();
    const submitted: string[] = [];
    // The takeover ends once every part the page registers is in: one held by the test keeps it between React's
    // hydration of the form and the end of the takeover for as long as the test needs, whatever the timing.
    let endTakeover: () => void = () => undefined;
    const takeoverHeld = new Promise<void>((resolve) => (endTakeover = resolve));
    const HoldTakeover = () => {
      const register = useContext(LazyParts);
      useEffect(() => register?.(takeoverHeld), [register]);
      return null;
    };
    const page = (onMounted: () => void, hydrating: boolean) =>
      inShell(
        <>
          <SignInForm submitted={submitted} />
          <HoldTakeover />
        </>,
        onMounted,
        hydrating,
      );
    const container = await prerenderedPage(page(() => undefined, true));
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
    endTakeover();
    await waitFor(() => expect(mounted).toBe(true));
    await waitFor(() => expect(submitted).toEqual(['before@demo.test']));
    // Nothing else comes after the replay.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(submitted).toEqual(['before@demo.test']);
  });

  it('submits what was typed in a lazy part that React drew afresh, its markup gone, as an update reached it first', async () => {
    runHeadScript();
    const submitted: string[] = [];
    const Form = () => <SignInForm submitted={submitted} />;
    let deliver: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    const LazyForm = lazy(() => delivered.then(() => ({ default: Form })));
    // Something above the part that draws again before the part's code is in, with a new context value.
    const Value = createContext(0);
    let redraw: () => void = () => undefined;
    let above = false;
    const Above = ({ children }: { children: ReactNode }) => {
      const [value, setValue] = useState(0);
      redraw = () => setValue(1);
      useEffect(() => void (above = true), []);
      return <Value.Provider value={value}>{children}</Value.Provider>;
    };
    const page = (form: ReactNode, onMounted: () => void, hydrating: boolean) =>
      inShell(
        <Above>
          <LazyPart fallback={<p>loading</p>}>{form}</LazyPart>
        </Above>,
        onMounted,
        hydrating,
      );
    const container = await prerenderedPage(page(<Form />, () => undefined, true));
    type(container.querySelector('input') as HTMLInputElement, 'before@demo.test');
    container.querySelector('button')?.click();
    let mounted = false;
    await renderApp(container, (onMounted, hydrating) => page(<LazyForm />, () => ((mounted = true), onMounted()), hydrating), () => Promise.resolve());
    await waitFor(() => expect(above).toBe(true));
    redraw();
    // React could not hydrate the part (no code yet) and dropped its markup, with what was typed in it.
    await waitFor(() => expect(container.textContent).toContain('loading'));
    expect(container.querySelector('form')).toBeNull();
    deliver();
    await waitFor(() => expect(mounted).toBe(true));
    await waitFor(() => expect(submitted).toEqual(['before@demo.test']));
  });
});
