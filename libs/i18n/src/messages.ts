/** A namespace's texts: nested objects whose leaves are strings (i18next's `keySeparator` is '.'). */
export type Messages = { readonly [key: string]: string | Messages };

/** Leaf keys of a namespace in dotted form (`billing.nameRequired`), each with its text. */
export function flattenMessages(messages: Messages, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      flat[path] = value;
    } else {
      Object.assign(flat, flattenMessages(value, path));
    }
  }
  return flat;
}

/** Names of the `{{placeholders}}` a text interpolates (format suffixes such as `{{x, number}}` dropped). */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)) {
    names.add(match[1]);
  }
  return [...names].sort();
}
