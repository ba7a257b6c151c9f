import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
// The widget grid is server-rendered on the search page, so its stylesheet must be there at first paint.
// (Leaflet's comes with the map's chunk: scripts/build-client.ts LAZY_STYLESHEETS.)
import "react-grid-layout/css/styles.css";
import { hydrate } from "@tanstack/react-query";
import { createStore } from "jotai";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AppProviders } from "../ui/app/AppProviders.tsx";
import { pageConfig } from "../ui/api/page-config.ts";
import { readAssumedScreen } from "../ui/widgets/assumed-screen.ts";
import { createQueryClient } from "../ui/api/query-client.ts";
import { expandSearchJobs } from "./dehydrated-search-jobs.ts";
import { readDehydratedState } from "./dehydrated-state-element.ts";
import { nextTask } from "./next-task.ts";
import { type PageHandle, routes } from "./route-table.tsx";

/**
 * The browser entry: hydrate the server's react-query state, then the server-rendered page. The document runs it
 * once its content has been parsed, and on a page loaded on demand only once that content has been painted
 * (routes/document.ts, routes/entry-starter.ts), there through routes/client-entry-staged.ts, which evaluates
 * this module's imports in stages first.
 */
const queryClient = createQueryClient();
const { prefix } = pageConfig();
const router = createBrowserRouter(routes, prefix ? { basename: prefix } : undefined);
const scheme = document.documentElement.getAttribute("data-mantine-color-scheme") === "dark"
  ? "dark"
  : "light";

const app = (
  <AppProviders
    queryClient={queryClient}
    store={createStore()}
    defaultColorScheme={scheme}
    assumedScreen={readAssumedScreen(document.documentElement)}
  >
    <RouterProvider router={router} />
  </AppProviders>
);
const container = document.getElementById("root")!;
// A server-rendered page loaded on demand (the search page) is loaded first (the document preloads its chunks), so
// it hydrates with the shell in one pass; should that fail, it loads as on any client-side navigation.
const page = router.state.matches.at(-1)?.route.handle as PageHandle | undefined;
const preload = container.hasChildNodes() ? page?.preload : undefined;
if (preload) {
  await preload().catch(() => undefined);
  // The page's module was evaluated in a task of its own, so the load event may already have fired: the server's
  // state is read (JSON.parse of a search page's results) and expanded (message rows rebuilt) in tasks of their
  // own too, slices a slow phone can answer input between instead of ~100 ms more in one task. (Pages that come
  // with the entry go on without a break: hydrateRoot then runs before the load event, and a click right after
  // it is replayed.) Nothing renders before hydrateRoot, so nothing can see the cache unfilled.
  await nextTask();
}
const dehydrated = readDehydratedState(document);
if (dehydrated) {
  if (preload) await nextTask();
  hydrate(queryClient, expandSearchJobs(dehydrated));
}
// A page whose server render failed arrives empty: render it here instead of hydrating. Hydrating in a transition
// lets React yield to the browser every few milliseconds (the page is already visible and, without JavaScript,
// usable) instead of one long task that holds back input; events that arrive meanwhile are replayed.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
