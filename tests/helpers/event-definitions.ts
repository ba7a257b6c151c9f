/** Factories for event definition and notification tests: a definition body and messages that make it fire. */
import { APP_ERRORS_STREAM_ID } from "../../fixtures/seed-streams.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import type { ApiHarness } from "./api-harness.ts";

const MINUTE = 60_000;

/** An aggregation definition over payments errors: more than 2 in a minute, evaluated every minute. */
export const paymentsDefinition = (overrides: Record<string, unknown> = {}) => ({
  title: "Payments failing",
  description: "More than 2 payments errors in a minute",
  priority: 3,
  alert: true,
  config: {
    type: "aggregation-v1",
    query: "service:payments",
    streams: [APP_ERRORS_STREAM_ID],
    search_within_ms: MINUTE,
    execute_every_ms: MINUTE,
    group_by: ["source"],
    series: [{ id: "count-", type: "count", field: null }],
    conditions: { expression: { expr: ">", left: { expr: "number-ref", ref: "count-" }, right: { expr: "number", value: 2 } } },
  },
  field_spec: {},
  key_spec: [],
  notification_settings: { grace_period_ms: 0, backlog_size: 2 },
  notifications: [],
  ...overrides,
});

/** `count` payments errors from app-07 in the minute starting `minuteStart`. */
export async function paymentsErrors(h: ApiHarness, minuteStart: number, count: number): Promise<void> {
  await (h.backend as EmbeddedBackend).messageStore.ingest(Array.from({ length: count }, (_, i) => ({
    timestamp: minuteStart + 1000 * (i + 1),
    source: "app-07",
    message: `payments: request ${i} failed: upstream connection refused`,
    level: 3,
    fields: { service: "payments", application_name: "payments" },
  })));
}

