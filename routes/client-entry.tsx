import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
// The widget grid is server-rendered on the search page, so its stylesheet must be there at first paint.
// (Leaflet's comes with the map's chunk: scripts/build-client.ts LAZY_STYLESHEETS.)
import "react-grid-layout/css/styles.css";
import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { createStore } from "jotai";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AppProviders } from "../ui/app/AppProviders.tsx";
import { pageConfig } from "../ui/api/page-config.ts";
import { createQueryClient } from "../ui/api/query-client.ts";
import { routes } from "./route-table.tsx";

/** The browser entry: hydrate the server's react-query state, then the server-rendered page. */
const queryClient = createQueryClient();
hydrate(queryClient, (window as unknown as { __SLUICE_STATE__?: DehydratedState }).__SLUICE_STATE__ ?? {});
const { prefix } = pageConfig();
const router = createBrowserRouter(routes, prefix ? { basename: prefix } : undefined);
const scheme = document.documentElement.getAttribute("data-mantine-color-scheme") === "dark"
  ? "dark"
  : "light";

const app = (
  <AppProviders queryClient={queryClient} store={createStore()} defaultColorScheme={scheme}>
    <RouterProvider router={router} />
  </AppProviders>
);
const container = document.getElementById("root")!;
// A page whose server render failed arrives empty: render it here instead of hydrating.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
