import type { EventDefinitionBody } from "../../../api/schemas/event-definitions.ts";
import type { ComparisonOperator, ConditionExpression, EventDefinition } from "../../../api/schemas/events.ts";

/**
 * The event definition wizard's model: the steps, the form values (aggregation series, each with its threshold,
 * joined by all/any), their conversion to and from the API body, and the summary lines.
 */
export const WIZARD_STEPS = ["Event Details", "Filter & Aggregation", "Fields", "Notifications", "Summary"] as const;

export const PRIORITIES = [
  { value: "1", label: "Low" },
  { value: "2", label: "Normal" },
  { value: "3", label: "High" },
] as const;

export const TIME_UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
export type TimeUnit = keyof typeof TIME_UNITS;

export const CONDITION_TYPES = ["filter", "aggregation", "silence"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const SERIES_FUNCTIONS = ["count", "avg", "min", "max", "sum", "card", "stddev", "latest"] as const;

export type SeriesFunction = (typeof SERIES_FUNCTIONS)[number];
export const COMPARISONS = ["<", "<=", ">", ">=", "=="] as const satisfies readonly ComparisonOperator[];

/** One series of an aggregation and the threshold it is compared with. */
export interface AggregationCondition {
  seriesFunction: SeriesFunction;
  seriesField: string;
  operator: ComparisonOperator;
  threshold: number;
}

export const NEW_AGGREGATION: AggregationCondition = { seriesFunction: "count", seriesField: "", operator: ">", threshold: 0 };

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
  /** 'Source went silent': the field whose values are watched (no messages with a value for the search window). */
  silentField: string;
  /** Each series with its comparison; an event needs all of them (`&&`) or any (`||`). */
  aggregations: AggregationCondition[];
  combine: "&&" | "||";
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
  silentField: "source",
  aggregations: [NEW_AGGREGATION],
  combine: "&&",
  fields: [],
  notificationIds: [],
  gracePeriodMinutes: 0,
  backlogSize: 0,
  scheduled: true,
};

const seriesId = (index: number) => `series-${index}`;

/** The comparisons joined by `combine`, left to right, as Graylog's wizard builds them. */
function conditionExpression(values: DefinitionFormValues): ConditionExpression {
  const comparisons = values.aggregations.map((aggregation, index): ConditionExpression => ({
    expr: aggregation.operator,
    left: { expr: "number-ref", ref: seriesId(index) },
    right: { expr: "number", value: aggregation.threshold },
  }));
  return comparisons.reduce((left, right) => ({ expr: values.combine, left, right }));
}

/**
 * 'Source went silent' (beyond Graylog) as the aggregation the event processor understands: count() < 1 grouped
 * by the field; a value that had messages just before a window and none in it fires once.
 */
const SILENCE: Pick<DefinitionFormValues, "aggregations" | "combine"> = {
  aggregations: [{ seriesFunction: "count", seriesField: "", operator: "<", threshold: 1 }],
  combine: "&&",
};

/** Form values → the POST/PUT body. */
export function definitionBody(formValues: DefinitionFormValues): EventDefinitionBody {
  const silence = formValues.conditionType === "silence";
  const values = silence ? { ...formValues, ...SILENCE, groupBy: [formValues.silentField.trim()] } : formValues;
  const aggregation = (silence || values.conditionType === "aggregation") && values.aggregations.length > 0;
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
      series: aggregation
        ? values.aggregations.map((a, index) => ({ id: seriesId(index), type: a.seriesFunction, field: a.seriesField.trim() || null }))
        : [],
      conditions: { expression: aggregation ? conditionExpression(values) : null },
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

/**
 * The comparisons of a stored condition joined by one operator (`a && b && c`), series by series; null when the
 * condition has another shape (then each series keeps `> 0`).
 */
function comparisonsOf(expression: ConditionExpression | null | undefined): { combine: "&&" | "||"; byRef: Map<string, [ComparisonOperator, number]> } | null {
  if (!expression) return null;
  const byRef = new Map<string, [ComparisonOperator, number]>();
  let combine: "&&" | "||" | null = null;
  const visit = (node: ConditionExpression): boolean => {
    if (node.expr === "&&" || node.expr === "||") {
      if (combine !== null && combine !== node.expr) return false;
      combine = node.expr;
      return visit(node.left) && visit(node.right);
    }
    if (node.expr === "group") return visit(node.child);
    if ((COMPARISONS as readonly string[]).includes(node.expr) && "left" in node && "right" in node) {
      if (node.left.expr !== "number-ref" || node.right.expr !== "number") return false;
      byRef.set(node.left.ref, [node.expr as ComparisonOperator, node.right.value]);
      return true;
    }
    return false;
  };
  return visit(expression) ? { combine: combine ?? "&&", byRef } : null;
}

/** Whether a stored aggregation is what the wizard's 'Source went silent' writes. */
function isSilence(config: EventDefinition["config"], comparisons: ReturnType<typeof comparisonsOf>): boolean {
  const [series] = config.series;
  const comparison = series ? comparisons?.byRef.get(series.id) : undefined;
  return config.series.length === 1 && series.type === "count" && config.group_by.length === 1 && comparison?.[0] === "<" &&
    comparison[1] === 1;
}

/** A stored definition → form values. */
export function definitionFormValues(definition: EventDefinition, scheduled: boolean): DefinitionFormValues {
  const { config } = definition;
  const comparisons = comparisonsOf(config.conditions?.expression);
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
    conditionType: isSilence(config, comparisons) ? "silence" : config.series.length > 0 ? "aggregation" : "filter",
    groupBy: config.group_by,
    silentField: config.group_by.length === 1 ? config.group_by[0] : "source",
    aggregations: config.series.length === 0 ? [NEW_AGGREGATION] : config.series.map((series) => {
      const [operator, threshold] = comparisons?.byRef.get(series.id) ?? [">", 0];
      return {
        seriesFunction: (SERIES_FUNCTIONS as readonly string[]).includes(series.type) ? series.type as SeriesFunction : "count",
        seriesField: series.field ?? "",
        operator,
        threshold,
      };
    }),
    combine: comparisons?.combine ?? "&&",
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
    if (values.conditionType === "silence" && values.silentField.trim() === "") errors.silentField = "Field is required.";
    if (values.conditionType === "aggregation") {
      values.aggregations.forEach((aggregation, index) => {
        if (aggregation.seriesFunction !== "count" && aggregation.seriesField.trim() === "") {
          errors[`aggregations.${index}.seriesField`] = "Field is required.";
        }
      });
      if (values.aggregations.length === 0) errors.aggregations = "Add at least one aggregation.";
    }
  }
  return errors;
}

/** The condition in words, as the summary and the list show it. */
export function conditionSummary(values: DefinitionFormValues): string {
  const within = duration(values.searchWithin, values.searchWithinUnit);
  const every = duration(values.executeEvery, values.executeEveryUnit);
  const filter = `${values.query.trim() === "" ? "all messages" : `messages matching "${values.query}"`}`;
  if (values.conditionType === "filter") return `Create an event for each window of ${within} (run every ${every}) with ${filter}.`;
  if (values.conditionType === "silence") {
    return `Create an event when a ${values.silentField.trim()} that sent ${filter} has sent none for ${within} (checked every ${every}).`;
  }
  const conditions = values.aggregations
    .map((a) => `${a.seriesFunction}(${a.seriesField.trim()}) ${a.operator} ${a.threshold}`)
    .join(values.combine === "&&" ? " and " : " or ");
  const groups = values.groupBy.length > 0 ? ` grouped by ${values.groupBy.join(", ")}` : "";
  return `Create an event when ${conditions} over ${filter}${groups} in the last ${within} (run every ${every}).`;
}

/** "1 minute", "5 minutes". */
function duration(count: number, unit: TimeUnit): string {
  return `${count} ${count === 1 ? unit.slice(0, -1) : unit}`;
}

function inUnits(ms: number): [number, TimeUnit] {
  if (ms % TIME_UNITS.days === 0) return [ms / TIME_UNITS.days, "days"];
  if (ms % TIME_UNITS.hours === 0) return [ms / TIME_UNITS.hours, "hours"];
  return [Math.max(1, Math.round(ms / TIME_UNITS.minutes)), "minutes"];
}
