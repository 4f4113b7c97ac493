// node tools/vite/prerender-pages.mjs <prerender module built for Node>
// Renders the module's pages with react-dom/server and prints { head, pages: [{ file, pattern, titles, markup }],
// entryPatterns } as JSON (entryPatterns: the paths the build's own HTML answers besides, see prerender.ts). A
// process of its own (tools/vite/prerender.ts runs it): the build's process has its own copy of React loaded,
// which the app's components must not meet.
import { text } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';

// Waits for every lazy part (the notification outlet...), so the markup is what the client's first render
// commits and hydration has no boundary left to render on the client.
// A component that throws would leave its boundary's fallback (a spinner) in the page: the build fails instead.
// Every boundary is written in place: React would otherwise write a large one (a checkout's payment form) after
// the page, hidden, with its fallback in place and an inline script moving it there.
const render = async (tree) => {
  const errors = [];
  const options = { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY };
  const markup = await text((await prerenderToNodeStream(tree, options)).prelude);
  if (errors.length > 0) throw errors[0];
  return markup;
};

const app = await import(pathToFileURL(process.argv[2]).href);
const pages = [];
for (const page of app.pages) pages.push({ file: page.file, pattern: page.pattern, titles: page.titleKey ? app.titles(page.titleKey) : null, markup: await render(await app.root(page.url)) });
process.stdout.write(JSON.stringify({ head: renderToStaticMarkup(app.head()), pages, entryPatterns: app.entryPatterns ?? [] }));
