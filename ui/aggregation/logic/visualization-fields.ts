import type { VisualizationType } from "../../../api/schemas/widgets.ts";
import type { VisualizationConfigField } from "../../visualizations/config-fields.ts";
import { VISUALIZATIONS } from "../../visualizations/registry.ts";
import type { VisualizationFormConfig } from "./visualization-config.ts";

/**
 * The registry's config fields of a type, seen by the editor, which holds the config of whichever type is chosen
 * as a plain record while it is edited.
 */
export function editorConfigFields(type: VisualizationType): readonly VisualizationConfigField[] {
  // Each definition's fields are typed by its own config; the editor treats them all alike.
  return VISUALIZATIONS[type].fields as readonly VisualizationConfigField[];
}

/** Whether a field applies to the current config (z min/max only without auto scale, …). */
export function isConfigFieldShown(
  field: VisualizationConfigField,
  config: VisualizationFormConfig,
): boolean {
  // isShown reads the type's own config; the edited record is that config with some values possibly cleared.
  return field.isShown ? field.isShown(config as Parameters<NonNullable<typeof field.isShown>>[0]) : true;
}
