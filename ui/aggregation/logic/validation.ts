import type {
  AggregationFormValues,
  GroupingFormValue,
  MetricFormValue,
  SortFormValue,
} from "./aggregation-form.ts";
import { configFieldValue } from "../../visualizations/config-fields.ts";
import { VISUALIZATIONS } from "../../visualizations/registry.ts";
import { editorConfigFields, isConfigFieldShown } from "./visualization-fields.ts";
import { toAggregationConfig } from "./form-conversion.ts";
import { METRIC_FUNCTIONS } from "./metric-functions.ts";

/** Messages keyed by form path (`groupings.0.limit`, `metrics.1.field`, `visualization.config.zMin`, …). */
export type AggregationFormErrors = Readonly<Record<string, string>>;

/**
 * The validation texts of the aggregation editor, verbatim from spec 001 §5. What each chart needs of groupings
 * and metrics ("Bar Chart requires at least one metric", the heatmap rules) comes from the visualization registry.
 */
export const AGGREGATION_VALIDATION_TEXTS = {
  fieldRequired: "Field is required.",
  directionRequired: "Direction is required.",
  sortWithTimeGrouping: "Sort on non data table with time based row grouping does not work.",
  functionRequired: "Function is required.",
  fieldRequiredForFunction: (fn: string) => `Field is required for function ${fn}.`,
  percentileRequired: "Percentile is required.",
  typeRequired: "Type is required.",
  configFieldRequired: (title: string) => `${title} is required.`,
  scalingRequired: "Scaling is required.",
  scalingRange: "Must be greater than 0 and smaller or equals 10.",
  valueRequired: "Value is required.",
  greaterThanZero: "Must be greater than 0.",
  limitRequired: "Limit is required.",
} as const;

const TEXTS = AGGREGATION_VALIDATION_TEXTS;

/** Every rule of spec 001 §5 'Aggregation editor'; an empty result means the form may be previewed and saved. */
export function validateAggregationForm(form: AggregationFormValues): AggregationFormErrors {
  const errors: Record<string, string> = {};
  const add = (path: string, message: string) => {
    errors[path] ??= message;
  };
  form.groupings.forEach((grouping, index) => validateGrouping(grouping, `groupings.${index}`, add));
  form.metrics.forEach((metric, index) => validateMetric(metric, `metrics.${index}`, add));
  form.sort.forEach((sort, index) => validateSort(sort, `sort.${index}`, add));
  validateSortWithTimeGrouping(form, add);
  validateVisualization(form, add);
  return errors;
}

export function hasErrors(errors: AggregationFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

type AddError = (path: string, message: string) => void;

function validateGrouping(grouping: GroupingFormValue, path: string, add: AddError) {
  if (grouping.fields.length === 0) add(`${path}.fields`, TEXTS.fieldRequired);
  if (grouping.type === "time") {
    const { interval } = grouping;
    if (interval.type === "auto") {
      if (!isPresent(interval.scaling)) add(`${path}.interval.scaling`, TEXTS.scalingRequired);
      else if (interval.scaling <= 0 || interval.scaling > 10) {
        add(`${path}.interval.scaling`, TEXTS.scalingRange);
      }
    } else {
      if (!isPresent(interval.value)) add(`${path}.interval.value`, TEXTS.valueRequired);
      else if (interval.value <= 0) add(`${path}.interval.value`, TEXTS.greaterThanZero);
    }
    return;
  }
  if (!isPresent(grouping.limit)) add(`${path}.limit`, TEXTS.limitRequired);
  else if (grouping.limit <= 0) add(`${path}.limit`, TEXTS.greaterThanZero);
}

function validateMetric(metric: MetricFormValue, path: string, add: AddError) {
  if (!metric.function) {
    add(`${path}.function`, TEXTS.functionRequired);
    return;
  }
  if (METRIC_FUNCTIONS[metric.function].field !== "optional" && !metric.field) {
    add(`${path}.field`, TEXTS.fieldRequiredForFunction(metric.function));
  }
  if (metric.function === "percentile" && !isPresent(metric.percentile)) {
    add(`${path}.percentile`, TEXTS.percentileRequired);
  }
}

function validateSort(sort: SortFormValue, path: string, add: AddError) {
  if (!sort.type || !sort.field) add(`${path}.field`, TEXTS.fieldRequired);
  if (!sort.direction) add(`${path}.direction`, TEXTS.directionRequired);
}

/** Charts other than the data table draw time in time order, so a sort would be silently ignored. */
function validateSortWithTimeGrouping(form: AggregationFormValues, add: AddError) {
  const hasTimeRowGrouping = form.groupings.some((grouping) =>
    grouping.direction === "row" && grouping.type === "time"
  );
  if (form.sort.length > 0 && hasTimeRowGrouping && form.visualization.type !== "table") {
    add("sort", TEXTS.sortWithTimeGrouping);
  }
}

/**
 * Type, required config fields ('{title} is required.') and what the chart needs of groupings and metrics, all as
 * the visualization registry defines them. The chart needs are keyed `visualization.needs.<n>`.
 */
function validateVisualization(form: AggregationFormValues, add: AddError) {
  const { type, config } = form.visualization;
  if (!type) {
    add("visualization.type", TEXTS.typeRequired);
    return;
  }
  for (const field of editorConfigFields(type)) {
    if (
      field.required && isConfigFieldShown(field, config) &&
      isEmptyValue(configFieldValue(config, field.name))
    ) {
      add(`visualization.config.${field.name}`, TEXTS.configFieldRequired(field.title));
    }
  }
  VISUALIZATIONS[type].validate(toAggregationConfig(form)).forEach((message, index) => {
    add(`visualization.needs.${index}`, message);
  });
}

function isPresent(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value);
}

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === "" ||
    (typeof value === "number" && Number.isNaN(value));
}
