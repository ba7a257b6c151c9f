import type { ViewJob } from "../../view/view-job.ts";
import type { SearchUrlState } from "../../view/url-state.ts";
import type { DashboardPage } from "./dashboard-pages.ts";
import { dashboardJob } from "./dashboard-wire.ts";
import { applyOverride, type GlobalOverride, NO_OVERRIDE, readGlobalOverride } from "./global-override.ts";

/** What a dashboard's first render asks for, from its pages and its URL. */
export interface DashboardOpening {
  /** The override and filter the URL names (none when its time range is malformed: the page shows the error). */
  override: GlobalOverride;
  /** The page the URL names, else the first. */
  active: DashboardPage | undefined;
  /** The active page's search as it runs (its field types are read for it). */
  running: SearchUrlState | undefined;
  /** The dashboard's one job on the first render: no message table paged, run 0. */
  job: ViewJob;
}

/**
 * A dashboard's first render (DashboardPage and the wall display in the browser, routes/dashboard-prefetch.ts on the
 * server) computed once, so that the server runs the very job, under the very key, that the browser asks for.
 */
export function openDashboard(pages: readonly DashboardPage[], params: URLSearchParams, timezone: string): DashboardOpening {
  const override = effectiveOverride(params);
  const requested = params.get("page");
  const active = pages.find((page) => page.id === requested) ?? pages[0];
  return {
    override,
    active,
    running: active ? applyOverride(active.search, override) : undefined,
    job: dashboardJob(pages, timezone, override, {}, 0),
  };
}

/** The URL's override, or none when it is malformed. */
export function effectiveOverride(params: URLSearchParams): GlobalOverride {
  const override = readGlobalOverride(params);
  return typeof override === "string" ? NO_OVERRIDE : override;
}
