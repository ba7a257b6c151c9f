import type {
  AggregationWidgetConfig,
  VisualizationConfigs,
  VisualizationType,
} from "../../api/schemas/widgets.ts";

export interface ConfigFieldOption {
  value: string;
  label: string;
}

interface ConfigFieldBase<K extends VisualizationType> {
  /** Where the value sits in the server-form config; nested values use dots ('viewport.zoom'). */
  name: string;
  /** The label; a missing required value reads '{title} is required.' (spec 001 §5). */
  title: string;
  required: boolean;
  description?: string;
  /** Shown only when this holds for the current config (e.g. z min only without auto scale). */
  isShown?: (config: VisualizationConfigs[K]) => boolean;
}

/**
 * A field of a visualization's config as the aggregation editor shows it, rendered generically by type.
 * `multi-select` options depend on the widget (the data table pins row grouping fields).
 */
export type VisualizationConfigField<K extends VisualizationType = VisualizationType> =
  | ConfigFieldBase<K> & { type: "select"; options: readonly ConfigFieldOption[] }
  | ConfigFieldBase<K> & {
    type: "multi-select";
    options: (widget: AggregationWidgetConfig) => ConfigFieldOption[];
  }
  | ConfigFieldBase<K> & { type: "boolean" }
  | ConfigFieldBase<K> & { type: "number"; min?: number; max?: number; step?: number };

export type ConfigFieldType = VisualizationConfigField["type"];

/** The value of a field in a config (dotted names reach into nested objects). */
export function configFieldValue(config: Readonly<Record<string, unknown>>, name: string): unknown {
  let current: unknown = config;
  for (const part of name.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A copy of the config with one field set (nested objects copied along the way, the original unchanged). */
export function withConfigFieldValue<C extends Readonly<Record<string, unknown>>>(
  config: C,
  name: string,
  value: unknown,
): C {
  const [head, ...rest] = name.split(".");
  if (rest.length === 0) return { ...config, [head]: value };
  const inner = config[head];
  const nested = inner !== null && typeof inner === "object" ? inner as Record<string, unknown> : {};
  return { ...config, [head]: withConfigFieldValue(nested, rest.join("."), value) };
}

/** Whether a required, shown field has no value ('{title} is required.'). */
export function missingRequiredFields<K extends VisualizationType>(
  fields: readonly VisualizationConfigField<K>[],
  config: VisualizationConfigs[K],
): VisualizationConfigField<K>[] {
  return fields.filter((field) => {
    if (!field.required || (field.isShown && !field.isShown(config))) return false;
    const value = configFieldValue(config as Record<string, unknown>, field.name);
    return value === undefined || value === null || value === "";
  });
}
