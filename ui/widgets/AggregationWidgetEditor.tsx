import type { AggregationWidget } from "../../api/schemas/widgets.ts";
import { LazyAggregationEditor } from "../aggregation/LazyAggregationEditor.tsx";
import type { WidgetEditorProps } from "./widget-editor-props.ts";

/** The aggregation editor in a widget's edit mode: it edits the config; the widget around it stays. */
export function AggregationWidgetEditor(
  { widget, fieldTypes, onPreview, previewing, onSubmit, onCancel }: WidgetEditorProps<AggregationWidget>,
) {
  return (
    <LazyAggregationEditor
      config={widget.config}
      fieldTypes={[...fieldTypes]}
      previewing={previewing}
      onPreview={(config) => onPreview({ ...widget, config })}
      onSubmit={(config) => onSubmit({ ...widget, config })}
      onCancel={onCancel}
    />
  );
}
