import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import type { Widget } from "../../api/schemas/widgets.ts";

/** What a widget type's editor receives in edit mode; the frame shows the preview beside it. */
export interface WidgetEditorProps<W extends Widget = Widget> {
  widget: W;
  fieldTypes: readonly FieldTypeMapping[];
  /** Runs the page's search with this draft so the preview shows it. */
  onPreview: (widget: W) => void;
  /** True while the preview search runs. */
  previewing: boolean;
  /** 'Update widget': keeps the draft and leaves edit mode. */
  onSubmit: (widget: W) => void;
  /** 'Cancel': restores the saved widget. */
  onCancel: () => void;
}
