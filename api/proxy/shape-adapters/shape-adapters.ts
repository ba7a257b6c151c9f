import { notificationKey } from "./notification-key.ts";
import type { ShapeAdapter } from "./shape-adapter.ts";
import { userPageAttributes } from "./user-page-attributes.ts";
import { viewSummaryPage } from "./view-summary-page.ts";

/** Every shape adapter the proxy applies (README, proxy mode: "Shape adapters"). */
export const SHAPE_ADAPTERS: readonly ShapeAdapter[] = [
  viewSummaryPage("/search/saved"),
  viewSummaryPage("/dashboards"),
  notificationKey,
  userPageAttributes,
];

/** The adapter for a call, if Graylog 5.1's answer to it differs from what the UI reads. */
export function shapeAdapterFor(method: string, path: string): ShapeAdapter | undefined {
  return SHAPE_ADAPTERS.find((adapter) => adapter.method === method && pathMatches(adapter.path, path));
}

/** A successful answer of Graylog to a call in the shape the UI reads (unchanged where no adapter applies). */
export function adaptGraylogAnswer(method: string, path: string, answer: unknown): unknown {
  const adapter = shapeAdapterFor(method, path);
  return adapter ? adapter.adapt(answer) : answer;
}

/** `/views/search/{id}/execute` matches `/views/search/64…/execute`; a trailing slash is the same path. */
function pathMatches(template: string, path: string): boolean {
  const trimmed = path.replace(/\/+$/, "") || "/";
  const pattern = new RegExp(`^${template.split(/\{[^}]+\}/).map(escapeRegExp).join("[^/]+")}$`);
  return pattern.test(trimmed);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
