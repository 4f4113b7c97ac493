/**
 * React DOM's client, for the takeover. Built into the chunk that holds React (tools/vite/react-project.ts, the
 * `react` group), so that React DOM's own code is evaluated when that chunk is, in a task of its own: imported
 * from app code, it was evaluated with the app's entry, about half of that task (issue 30).
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
