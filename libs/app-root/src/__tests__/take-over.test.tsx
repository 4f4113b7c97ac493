import { act, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../index';

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
