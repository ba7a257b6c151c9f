import { DEFAULT_EVENTS_STREAM_ID, type EventDefinition } from "../../api/schemas/events.ts";
import { APP_ERRORS_STREAM_ID, SECURITY_STREAM_ID } from "../../fixtures/seed-streams.ts";
import type { EmbeddedEventStore } from "./event-store.ts";

const FIVE_MINUTES = 5 * 60_000;
const TEN_MINUTES = 10 * 60_000;

/** What the seed definitions share: no notifications, events stored in the "All events" stream. */
const DEFINITION_DEFAULTS = {
  notification_settings: { grace_period_ms: 300_000, backlog_size: 0 },
  notifications: [],
  storage: [{ type: "persist-to-streams-v1" as const, streams: [DEFAULT_EVENTS_STREAM_ID] }],
  _scope: "DEFAULT",
  updated_at: null,
  matched_at: null,
};

/**
 * Event definitions every new embedded database starts with, tuned to the demo data's incidents
 * (fixtures/demo-messages.ts): the web 5xx and application error incidents both burst payments errors in the
 * Application errors stream (normal traffic: under 1 in 5 minutes in the seeded week, about 3 at the live demo
 * rate of 5 messages/s), and the SSH brute force sends dozens of failed logins from one address (normal traffic:
 * at most 2 per address in 10 minutes).
 */
export const SEED_EVENT_DEFINITIONS: EventDefinition[] = [
  {
    id: "5f0c1e5a0000000000000301",
    title: "Payments error burst",
    description: "More than 10 payments errors within 5 minutes",
    priority: 2,
    alert: false,
    config: {
      type: "aggregation-v1",
      query: "service:payments",
      streams: [APP_ERRORS_STREAM_ID],
      search_within_ms: FIVE_MINUTES,
      execute_every_ms: FIVE_MINUTES,
      group_by: [],
      series: [{ id: "count-", type: "count", field: null }],
      conditions: {
        expression: {
          expr: ">",
          left: { expr: "number-ref", ref: "count-" },
          right: { expr: "number", value: 10 },
        },
      },
      query_parameters: [],
    },
    field_spec: {},
    key_spec: [],
    ...DEFINITION_DEFAULTS,
  },
  {
    id: "5f0c1e5a0000000000000302",
    title: "SSH brute force",
    description: "More than 10 failed SSH logins from one address within 10 minutes",
    priority: 3,
    alert: true,
    config: {
      type: "aggregation-v1",
      query: "application_name:sshd AND auth_result:failed",
      streams: [SECURITY_STREAM_ID],
      search_within_ms: TEN_MINUTES,
      execute_every_ms: TEN_MINUTES,
      group_by: ["src_ip"],
      series: [{ id: "count-", type: "count", field: null }],
      conditions: {
        expression: {
          expr: ">",
          left: { expr: "number-ref", ref: "count-" },
          right: { expr: "number", value: 10 },
        },
      },
      query_parameters: [],
    },
    field_spec: {
      src_ip: {
        data_type: "string",
        providers: [{ type: "template-v1", template: "${source.src_ip}", require_values: false }],
      },
    },
    key_spec: ["src_ip"],
    ...DEFINITION_DEFAULTS,
  },
];

/** Stores the seed definitions that are not there yet (by id), so databases from before events get them too. */
export async function seedEventDefinitions(events: EmbeddedEventStore): Promise<void> {
  for (const definition of SEED_EVENT_DEFINITIONS) {
    if (!(await events.definition(definition.id))) await events.saveDefinition(definition);
  }
}
