import { Box, Group, Paper, ScrollArea } from "@mantine/core";
import type { ComponentType, ReactNode } from "react";
import type { Widget, WidgetPosition } from "../../api/schemas/widgets.ts";
import type { WidgetFocus } from "./logic/widget-focus.ts";
import type { WidgetResult } from "../view/widget-results.ts";
import {
  columnSpan,
  duplicateWidget,
  gridWidgetIds,
  removeWidget,
  replaceWidget,
  setPositions,
  setWidgetTitle,
  toggleWidgetWidth,
  type UnknownWidget,
  type ViewWidgets,
} from "../view/view-widgets.ts";
import type { WidgetViewProps } from "./widget-context.ts";
import type { WidgetEditorProps } from "./widget-editor-props.ts";
import { widgetTitle, widgetTypeOf } from "./widget-types.tsx";
import { WidgetFrame } from "./WidgetFrame.tsx";
import { WidgetGrid } from "./WidgetGrid.tsx";
import { UnknownWidgetView } from "./UnknownWidgetView.tsx";

/** The page-level inputs every widget body shares. */
export type WidgetPageContext = Omit<
  WidgetViewProps,
  "widget" | "result" | "onConfigChange" | "page" | "onPageChange"
>;

interface Props {
  view: ViewWidgets;
  onViewChange: (view: ViewWidgets) => void;
  /** Results by widget id from the page's search job (undefined while the first job runs). */
  results: Readonly<Record<string, WidgetResult>> | undefined;
  focus: WidgetFocus;
  /** Focus and edit; left out where widgets are only watched (the wall display): no focus control. */
  onFocusChange?: (focus: WidgetFocus) => void;
  /** The widget being edited, as last previewed (null when not editing or not previewed yet). */
  draft: Widget | null;
  onDraftChange: (draft: Widget | null) => void;
  previewing: boolean;
  pages: Readonly<Record<string, number>>;
  onPageChange: (widgetId: string, page: number) => void;
  /** 'Export' in an exportable widget's menu (left out: no such item). */
  onExport?: (widgetId: string) => void;
  /** 'Copy to Dashboard' in each widget's menu (left out: no such item). */
  onCopyToDashboard?: (widgetId: string) => void;
  /** 'Move to Page' in each widget's menu (dashboards only). */
  onMoveToPage?: (widgetId: string) => void;
  /** 'Move to Dashboard' in each widget's menu (saved dashboards only). */
  onMoveToDashboard?: (widgetId: string) => void;
  /** Shown instead of the grid when there are no widgets (default: nothing, or one empty slot with `onCreateAt`). */
  empty?: ReactNode;
  /** 'Create a new widget here' in the grid's empty slots of an editable page (left out: no slots). */
  onCreateAt?: (position: WidgetPosition) => void;
  context: WidgetPageContext;
  editable: boolean;
  /** A widget created straight into the editor and not applied yet: Cancel removes it (null when none). */
  newWidgetId?: string | null;
}

/**
 * The widgets of a search or dashboard: the grid, one focused widget, or one widget in edit mode with its editor
 * beside the preview (spec 001 §4 'Widget focus').
 */
export function WidgetArea(props: Props) {
  const { view, onViewChange, focus } = props;
  const focused = focus.mode === "none"
    ? null
    : view.widgets.find((widget) => widget.id === focus.widgetId) ?? null;
  if (focused && focus.mode === "editing") return <EditingWidget {...props} widget={focused} />;
  if (focused) {
    return (
      <Box h="calc(100vh - 230px)" mih={400}>
        <FramedWidget {...props} widget={focused} focused />
      </Box>
    );
  }
  const ids = gridWidgetIds(view);
  if (ids.length === 0 && props.empty) return props.empty;
  return (
    <WidgetGrid
      ids={ids}
      positions={view.positions}
      onPositionsChange={(positions) => onViewChange(setPositions(view, positions))}
      editable={props.editable}
      onCreateAt={props.onCreateAt}
      renderWidget={(id) => {
        const widget = view.widgets.find((candidate) => candidate.id === id);
        if (widget) return <FramedWidget {...props} widget={widget} focused={false} />;
        const unknown = view.unknownWidgets.find((candidate) => candidate.id === id);
        return unknown ? <UnknownWidgetFrame {...props} widget={unknown} /> : null;
      }}
    />
  );
}

function FramedWidget(props: Props & { widget: Widget; focused: boolean }) {
  const { widget, view, onViewChange, focused } = props;
  const definition = widgetTypeOf(widget);
  const title = widgetTitle(widget, view.titles);
  const position = view.positions[widget.id];
  const result = props.results?.[widget.id];
  const View = definition.View as ComponentType<WidgetViewProps>;
  return (
    <WidgetFrame
      title={title}
      errors={result?.errors}
      focused={focused}
      stretched={position ? columnSpan(position) === 12 : true}
      onTitleChange={props.editable
        ? (next) => onViewChange(setWidgetTitle(view, widget.id, next))
        : undefined}
      onToggleFocus={props.onFocusChange &&
        (() => props.onFocusChange?.(focused ? { mode: "none" } : { mode: "focusing", widgetId: widget.id }))}
      onEdit={props.editable && props.onFocusChange
        ? () => props.onFocusChange?.({ mode: "editing", widgetId: widget.id })
        : undefined}
      onToggleWidth={props.editable ? () => onViewChange(toggleWidgetWidth(view, widget.id)) : undefined}
      onDuplicate={props.editable
        ? () => onViewChange(duplicateWidget(view, widget.id, crypto.randomUUID(), title))
        : undefined}
      onCopyToDashboard={props.onCopyToDashboard && (() => props.onCopyToDashboard?.(widget.id))}
      onExport={definition.exportable && props.onExport ? () => props.onExport?.(widget.id) : undefined}
      onMoveToPage={props.editable && props.onMoveToPage ? () => props.onMoveToPage?.(widget.id) : undefined}
      onMoveToDashboard={props.editable && props.onMoveToDashboard
        ? () => props.onMoveToDashboard?.(widget.id)
        : undefined}
      onDelete={props.editable
        ? () => {
          if (focused) props.onFocusChange?.({ mode: "none" });
          onViewChange(removeWidget(view, widget.id));
        }
        : undefined}
    >
      <View
        {...props.context}
        widget={widget}
        result={result}
        onConfigChange={(config) => onViewChange(replaceWidget(view, { ...widget, config } as Widget))}
        page={props.pages[widget.id] ?? 1}
        onPageChange={(page) => props.onPageChange(widget.id, page)}
      />
    </WidgetFrame>
  );
}

/** A stored widget of an unknown type: its title, the 'unknown widget' page, and Delete. */
function UnknownWidgetFrame({ widget, view, onViewChange, editable }: Props & { widget: UnknownWidget }) {
  const position = view.positions[widget.id];
  return (
    <WidgetFrame
      title={view.titles[widget.id] ?? UNKNOWN_WIDGET_TITLE}
      stretched={position ? columnSpan(position) === 12 : true}
      onDelete={editable ? () => onViewChange(removeWidget(view, widget.id)) : undefined}
    >
      <UnknownWidgetView widget={widget} />
    </WidgetFrame>
  );
}

/** The title of an unknown widget nobody named. */
export const UNKNOWN_WIDGET_TITLE = "Unknown widget";

function EditingWidget(props: Props & { widget: Widget }) {
  const { widget, view, onViewChange, draft } = props;
  const definition = widgetTypeOf(widget);
  const Editor = definition.Editor as ComponentType<WidgetEditorProps>;
  const View = definition.View as ComponentType<WidgetViewProps>;
  const shown = draft && draft.id === widget.id ? draft : widget;
  const leave = () => {
    props.onDraftChange(null);
    props.onFocusChange?.({ mode: "none" });
  };
  return (
    <Group gap="sm" align="stretch" wrap="nowrap" data-testid="widget-editing">
      <Box miw={320} style={{ flexShrink: 0 }}>
        <Paper withBorder p="sm">
          <ScrollArea.Autosize mah="calc(100vh - 260px)">
            <Editor
              key={widget.id}
              widget={widget}
              fieldTypes={props.context.fieldTypes}
              previewing={props.previewing}
              onPreview={(next) => props.onDraftChange(next)}
              onCancel={() => {
                if (widget.id === props.newWidgetId) onViewChange(removeWidget(view, widget.id));
                leave();
              }}
              onSubmit={(next) => {
                onViewChange(replaceWidget(view, next));
                leave();
              }}
            />
          </ScrollArea.Autosize>
        </Paper>
      </Box>
      <Box h="calc(100vh - 230px)" mih={400} style={{ flex: 1, minWidth: 0 }}>
        <WidgetFrame
          title={widgetTitle(shown, view.titles)}
          errors={props.results?.[widget.id]?.errors}
          editing
          focused
        >
          <View
            {...props.context}
            widget={shown}
            result={props.results?.[widget.id]}
            onConfigChange={(config) => props.onDraftChange({ ...shown, config } as Widget)}
            page={props.pages[widget.id] ?? 1}
            onPageChange={(page) => props.onPageChange(widget.id, page)}
          />
        </WidgetFrame>
      </Box>
    </Group>
  );
}
