import { startTransition } from 'react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from './react-dom-client';
import { PRERENDER_OFF_ATTRIBUTE, PRERENDER_PENDING_SUBMIT } from './prerender-attribute';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { index: number; value: string; checked: boolean };

const fieldsOf = (container: HTMLElement): Field[] => [...container.querySelectorAll<Field>('input, textarea, select')];
const isToggle = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const defaultValueOf = (field: Field): string =>
  field instanceof HTMLSelectElement ? ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value ?? '' : field.defaultValue;

/**
 * What the visitor typed, ticked or picked (or a password manager filled in) in the prerendered fields before
 * the app took over, by position (the app draws the same fields in the same order).
 */
const takeTyped = (fields: Field[]): Typed[] =>
  fields.flatMap((field, index) =>
    (isToggle(field) ? field.checked !== field.defaultChecked : field.value !== defaultValueOf(field))
      ? [{ index, value: field.value, checked: isToggle(field) && field.checked }]
      : [],
  );

/**
 * Types it again into the app's fields as events React hears. React only reports a change from the value it
 * last saw, which for a hydrated field is the typed one: the field is first set, through React, to something
 * else, all in one task, so nothing of it is ever painted.
 */
const replayTyped = (container: HTMLElement, typed: Typed[]): void => {
  const fields = fieldsOf(container);
  for (const { index, value, checked } of typed) {
    const field = fields[index];
    if (!field) continue;
    if (isToggle(field)) {
      field.checked = !checked;
      field.click();
      continue;
    }
    if (!(field instanceof HTMLSelectElement)) field.value = value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
};

type PendingSubmit = Window & { [PRERENDER_PENDING_SUBMIT]?: HTMLFormElement | null | false };

/**
 * Renders the app into `container`. An empty container (every page but the prerendered ones) renders at once,
 * as always, and so does one whose markup the head script hid (another language, signed in): it is emptied
 * first, and that visitor sees what a page without prerendering shows.
 *
 * A prerendered page is taken over once its page's code is in (`pageReady`), so the first client render is that
 * page and never the route fallback: hydrated when the markup is what the app draws at this address
 * (`matchesPrerender`; by default only without a query string: the sign-in page's links carry `?locale=`,
 * `?country=`...), else rendered afresh, which React commits in one go, replacing the markup. Either way what was typed before is typed again, focus stays in its field and
 * a form submitted meanwhile (the head script held it back) is submitted now.
 *
 * `app` receives the callback the root's first commit calls (`AppShell`'s `onMounted`), once the page's lazy
 * parts (`LazyPart`) have hydrated too, and whether this render hydrates (`AppShell`'s `hydrating`).
 *
 * The takeover renders or hydrates in a transition: React then works in slices of about 5 ms and lets the
 * browser in between (a hydration or a first render outside one runs in one task: 130-640 ms at 4x CPU
 * throttling on the sign-in and checkout pages, all of it blocking). The markup stays on screen meanwhile;
 * a click or a key in it hydrates what is left at once (React's replay of discrete events).
 */
export const renderApp = async (
  container: HTMLElement,
  app: (onMounted: () => void, hydrating: boolean) => ReactNode,
  /** Resolves once the code of the page at this address is in (a data router's lazy route: `routerReady`). */
  pageReady: () => Promise<unknown>,
  /** Whether the markup is the app's first render at this query string (default: only without one). */
  matchesPrerender: (search: string) => boolean = (search) => search === '',
): Promise<void> => {
  const html = document.documentElement;
  const pending = window as PendingSubmit;
  if (html.hasAttribute(PRERENDER_OFF_ATTRIBUTE)) {
    container.replaceChildren();
    html.removeAttribute(PRERENDER_OFF_ATTRIBUTE);
  }
  if (!container.firstElementChild) {
    pending[PRERENDER_PENDING_SUBMIT] = false;
    createRoot(container).render(app(() => undefined, false));
    return;
  }
  // Until the takeover is over, a submit is held only, never handled: the app must not see one from a form React
  // has already hydrated (a click or a key in the markup hydrates at once, React's replay of discrete events, and
  // its submit follows), or the one replayed below would be a second. The head script keeps the form; this
  // keeps it too, whatever became of that script, and both by position, which outlives the element.
  let mounted = false;
  const positionOf = (form: HTMLFormElement | null | false | undefined) => (form ? [...container.querySelectorAll('form')].indexOf(form) : -1);
  let heldForm = positionOf(pending[PRERENDER_PENDING_SUBMIT]);
  const hold = (event: Event) => {
    if (mounted || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pending[PRERENDER_PENDING_SUBMIT] = event.target;
    heldForm = positionOf(event.target);
  };
  window.addEventListener('submit', hold, true);
  // What the visitor typed, by position, kept as it is typed: a markup field may be gone by the time the app is
  // in (rendered afresh; or a lazy part React could not hydrate before an update reached it, drawn afresh).
  const kept = new Map(takeTyped(fieldsOf(container)).map((typed) => [typed.index, typed]));
  const keep = (event: Event) => {
    const field = event.target as Field;
    const index = fieldsOf(container).indexOf(field);
    if (index >= 0) kept.set(index, { index, value: field.value, checked: isToggle(field) && field.checked });
  };
  container.addEventListener('input', keep, true);
  container.addEventListener('change', keep, true);
  await pageReady();
  const hydrating = matchesPrerender(window.location.search);
  // Where the visitor was, read once the app is in: hydrated, the fields are the app's (a page's lazy part
  // hydrates later, and the visitor may type in it meanwhile); rendered afresh, they are the markup's own, which
  // React replaces only at its commit (a render from scratch yields to the browser, so typing goes on during it).
  const markupFields = hydrating ? null : fieldsOf(container);
  let focusedField = markupFields ? markupFields.indexOf(document.activeElement as Field) : -1;
  const onFocus = (event: FocusEvent) => {
    if (markupFields) focusedField = markupFields.indexOf(event.target as Field);
  };
  container.addEventListener('focusin', onFocus);
  /**
   * What to type again: what the app's fields hold (it may be news to React: typed before hydration), and what
   * was kept for those back at their default (drawn afresh since).
   */
  const toReplay = (): Typed[] => {
    const fields = fieldsOf(container);
    const typed = new Map(takeTyped(fields).map((field) => [field.index, field]));
    for (const [index, earlier] of kept) {
      const field = fields[index];
      const changed = field && (isToggle(field) ? earlier.checked !== field.defaultChecked : earlier.value !== defaultValueOf(field));
      if (changed && !typed.has(index)) typed.set(index, earlier);
    }
    return [...typed.values()];
  };
  const onMounted = () => {
    if (mounted) return;
    mounted = true;
    window.removeEventListener('submit', hold, true);
    container.removeEventListener('input', keep, true);
    container.removeEventListener('change', keep, true);
    container.removeEventListener('focusin', onFocus);
    const focusedIndex = markupFields ? focusedField : fieldsOf(container).indexOf(document.activeElement as Field);
    // From here on the app handles submits itself.
    pending[PRERENDER_PENDING_SUBMIT] = false;
    replayTyped(container, toReplay());
    if (focusedIndex >= 0 && document.activeElement === document.body) fieldsOf(container)[focusedIndex]?.focus();
    if (heldForm >= 0) container.querySelectorAll('form')[heldForm]?.requestSubmit();
  };
  startTransition(() => {
    if (hydrating) hydrateRoot(container, app(onMounted, true));
    else createRoot(container).render(app(onMounted, false));
  });
};
