import type { VisualizationType } from "../../../api/schemas/widgets.ts";
import { visualizationConfigOf, VISUALIZATIONS } from "../../visualizations/registry.ts";

/**
 * A visualization config while it is edited: the server form of the visualization registry's fields (dotted names
 * reach into the map's viewport), where a cleared value is undefined until the validation asks for it.
 */
export type VisualizationFormConfig = Record<string, unknown>;

/** Time charts can overlay event annotations; the others have no time axis to put them on. */
export const SUPPORTS_EVENT_ANNOTATION: Record<VisualizationType, boolean> = {
  table: false,
  bar: true,
  line: true,
  area: true,
  scatter: true,
  pie: false,
  heatmap: false,
  numeric: false,
  map: false,
};

/** The config a type starts with when a widget switches to it (spec 001 §4: changing type resets it). */
export function defaultVisualizationConfig(type: VisualizationType): VisualizationFormConfig {
  return structuredClone(VISUALIZATIONS[type].defaultConfig);
}

/** A stored config as the editor edits it: read through the type's schema, defaults filling gaps. */
export function toEditableVisualizationConfig(
  type: VisualizationType,
  stored: unknown,
): VisualizationFormConfig {
  return structuredClone(visualizationConfigOf(type, stored));
}

/**
 * The config to store. Empty values are left out; with heatmap auto scale on, z_min and z_max are dropped because
 * the bounds then come from the data (spec 001 §3).
 */
export function toStoredVisualizationConfig(
  type: VisualizationType,
  config: VisualizationFormConfig,
): Record<string, unknown> {
  const stored = withoutEmptyValues(config);
  if (type === "heatmap" && stored.auto_scale !== false) {
    delete stored.z_min;
    delete stored.z_max;
  }
  return stored;
}

function withoutEmptyValues(config: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const entries = Object.entries(config).flatMap(([key, value]): Array<[string, unknown]> => {
    if (value === undefined || value === null || value === "") return [];
    if (typeof value === "object" && !Array.isArray(value)) {
      return [[key, withoutEmptyValues(value as Record<string, unknown>)]];
    }
    return [[key, value]];
  });
  return Object.fromEntries(entries);
}
