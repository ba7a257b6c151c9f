/**
 * The browser entry of a page loaded on demand (the search page), started by routes/entry-starter.ts once the
 * content is painted: the same app as routes/client-entry.tsx, its code evaluated in stages, a task each, instead
 * of one. Evaluating the entry's module graph (React DOM, Mantine, react-router, the shell) was one task of
 * 240–600 ms on Lighthouse's 4× slower phone, the largest part of the page's blocking time; between stages the
 * browser can handle input and paint. Each stage evaluates only what the earlier ones have not (a module runs once),
 * and the last is the entry itself; the browser's Intl data is set up in a stage of its own (intl-warm-up.ts).
 * Stages are modules of ours or narrow entry points: a dynamic import keeps every export of what it names
 * (react-router's whole index was +34 KB gzip of initial JS). Such a page hydrates after the load event anyway (its
 * chunk is loaded with a wait first), so the stages hold back nothing that a test or a user waits for.
 */
import { warmUpIntl } from "./intl-warm-up.ts";
import { nextTask } from "./next-task.ts";

await import("react-dom/client");
await nextTask();
await import("../ui/app/AppProviders.tsx");
await nextTask();
warmUpIntl();
await nextTask();
await import("../ui/shell/Navigation.tsx");
await nextTask();
await import("./route-table.tsx");
await nextTask();
await import("./client-entry.tsx");
