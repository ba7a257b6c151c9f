import type { EventDefinitionBody } from "../../../api/schemas/event-definitions.ts";
import type { ComparisonOperator, EventDefinition } from "../../../api/schemas/events.ts";

/**
 * The event definition wizard's model: the steps, the form values (one aggregation series and threshold, Graylog's
 * common case), their conversion to and from the API body, and the summary lines.
 */
export const WIZARD_STEPS = ["Event Details", "Filter & Aggregation", "Fields", "Notifications", "Summary"] as const;

export const PRIORITIES = [
  { value: "1", label: "Low" },
  { value: "2", label: "Normal" },
  { value: "3", label: "High" },
] as const;

export const TIME_UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
export type TimeUnit = keyof typeof TIME_UNITS;

export const CONDITION_TYPES = ["filter", "aggregation"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const SERIES_FUNCTIONS = ["count", "avg", "min", "max", "sum", "card", "stddev", "latest"] as const;

export interface DefinitionFormValues {
  title: string;
  description: string;
  priority: string;
  alert: boolean;
  query: string;
  streams: string[];
  searchWithin: number;
  searchWithinUnit: TimeUnit;
  executeEvery: number;
  executeEveryUnit: TimeUnit;
  conditionType: ConditionType;
  groupBy: string[];
  seriesFunction: (typeof SERIES_FUNCTIONS)[number];
  seriesField: string;
  operator: ComparisonOperator;
  threshold: number;
  fields: { name: string; template: string; isKey: boolean }[];
  notificationIds: string[];
  gracePeriodMinutes: number;
  backlogSize: number;
  scheduled: boolean;
}

export const NEW_DEFINITION: DefinitionFormValues = {
  title: "",
  description: "",
  priority: "2",
  alert: true,
  query: "",
  streams: [],
  searchWithin: 5,
  searchWithinUnit: "minutes",
  executeEvery: 5,
  executeEveryUnit: "minutes",
  conditionType: "aggregation",
  groupBy: [],
  seriesFunction: "count",
  seriesField: "",
  operator: ">",
  threshold: 0,
  fields: [],
  notificationIds: [],
  gracePeriodMinutes: 0,
  backlogSize: 0,
  scheduled: true,
};

const SERIES_ID = "series-0";

/** Form values → the POST/PUT body. */
export function definitionBody(values: DefinitionFormValues): EventDefinitionBody {
  const aggregation = values.conditionType === "aggregation";
  const field = values.seriesField.trim();
  return {
    title: values.title.trim(),
    description: values.description,
    priority: Number(values.priority),
    alert: values.alert,
    config: {
      type: "aggregation-v1",
      query: values.query,
      query_parameters: [],
      streams: values.streams,
      search_within_ms: values.searchWithin * TIME_UNITS[values.searchWithinUnit],
      execute_every_ms: values.executeEvery * TIME_UNITS[values.executeEveryUnit],
      group_by: aggregation ? values.groupBy : [],
      series: aggregation ? [{ id: SERIES_ID, type: values.seriesFunction, field: field === "" ? null : field }] : [],
      conditions: aggregation
        ? {
          expression: {
            expr: values.operator,
            left: { expr: "number-ref", ref: SERIES_ID },
            right: { expr: "number", value: values.threshold },
          },
        }
        : { expression: null },
    },
    field_spec: Object.fromEntries(
      values.fields.filter((f) => f.name.trim() !== "").map((f) => [
        f.name.trim(),
        { data_type: "string" as const, providers: [{ type: "template-v1" as const, template: f.template, require_values: false }] },
      ]),
    ),
    key_spec: values.fields.filter((f) => f.isKey && f.name.trim() !== "").map((f) => f.name.trim()),
    notification_settings: { grace_period_ms: values.gracePeriodMinutes * 60_000, backlog_size: values.backlogSize },
    notifications: values.notificationIds.map((notification_id) => ({ notification_id, notification_parameters: null })),
    storage: [{ type: "persist-to-streams-v1", streams: ["000000000000000000000002"] }],
  };
}

/** A stored definition → form values (the first series and a top-level comparison; the rest is kept as stored). */
export function definitionFormValues(definition: EventDefinition, scheduled: boolean): DefinitionFormValues {
  const { config } = definition;
  const series = config.series[0];
  const expression = config.conditions?.expression;
  const comparison = expression && "right" in expression && expression.right.expr === "number" ? expression : null;
  const [searchWithin, searchWithinUnit] = inUnits(config.search_within_ms);
  const [executeEvery, executeEveryUnit] = inUnits(config.execute_every_ms);
  return {
    title: definition.title,
    description: definition.description,
    priority: String(definition.priority),
    alert: definition.alert,
    query: config.query,
    streams: config.streams,
    searchWithin,
    searchWithinUnit,
    executeEvery,
    executeEveryUnit,
    conditionType: series ? "aggregation" : "filter",
    groupBy: config.group_by,
    seriesFunction: (SERIES_FUNCTIONS as readonly string[]).includes(series?.type ?? "")
      ? series!.type as DefinitionFormValues["seriesFunction"]
      : "count",
    seriesField: series?.field ?? "",
    operator: comparison && ["<", "<=", ">", ">=", "=="].includes(comparison.expr) ? comparison.expr as ComparisonOperator : ">",
    threshold: comparison?.right.expr === "number" ? comparison.right.value : 0,
    fields: Object.entries(definition.field_spec).map(([name, spec]) => ({
      name,
      template: spec.providers[0]?.template ?? "",
      isKey: definition.key_spec.includes(name),
    })),
    notificationIds: definition.notifications.map((n) => n.notification_id),
    gracePeriodMinutes: Math.round(definition.notification_settings.grace_period_ms / 60_000),
    backlogSize: definition.notification_settings.backlog_size,
    scheduled,
  };
}

/** Where the form stops the user, by step (the server checks the rest). */
export function stepErrors(step: number, values: DefinitionFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (step === 0 && values.title.trim() === "") errors.title = "Title is required.";
  if (step === 1) {
    if (!(values.searchWithin > 0)) errors.searchWithin = "Must be greater than 0.";
    if (!(values.executeEvery > 0)) errors.executeEvery = "Must be greater than 0.";
    if (values.conditionType === "aggregation" && values.seriesFunction !== "count" && values.seriesField.trim() === "") {
      errors.seriesField = "Field is required.";
    }
  }
  return errors;
}

/** The condition in words, as the summary and the list show it. */
export function conditionSummary(values: DefinitionFormValues): string {
  const within = `${values.searchWithin} ${values.searchWithinUnit}`;
  const every = `${values.executeEvery} ${values.executeEveryUnit}`;
  const filter = `${values.query.trim() === "" ? "all messages" : `messages matching "${values.query}"`}`;
  if (values.conditionType === "filter") return `Create an event for each window of ${within} (run every ${every}) with ${filter}.`;
  const series = `${values.seriesFunction}(${values.seriesField})`;
  const groups = values.groupBy.length > 0 ? ` grouped by ${values.groupBy.join(", ")}` : "";
  return `Create an event when ${series} ${values.operator} ${values.threshold} over ${filter}${groups} in the last ${within} (run every ${every}).`;
}

function inUnits(ms: number): [number, TimeUnit] {
  if (ms % TIME_UNITS.days === 0) return [ms / TIME_UNITS.days, "days"];
  if (ms % TIME_UNITS.hours === 0) return [ms / TIME_UNITS.hours, "hours"];
  return [Math.max(1, Math.round(ms / TIME_UNITS.minutes)), "minutes"];
}
