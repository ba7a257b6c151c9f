import type { AggregationWidget } from "../../api/schemas/widgets.ts";
import { AggregationEditor } from "../aggregation/AggregationEditor.tsx";
import type { WidgetEditorProps } from "./widget-editor-props.ts";

/** The aggregation editor in a widget's edit mode: it edits the config; the widget around it stays. */
export function AggregationWidgetEditor(
  { widget, fieldTypes, onPreview, previewing, onSubmit, onCancel }: WidgetEditorProps<AggregationWidget>,
) {
  return (
    <AggregationEditor
      config={widget.config}
      fieldTypes={[...fieldTypes]}
      previewing={previewing}
      onPreview={(config) => onPreview({ ...widget, config })}
      onSubmit={(config) => onSubmit({ ...widget, config })}
      onCancel={onCancel}
    />
  );
}
