import type { ComponentProps } from "react";
import type { Widget } from "../../api/schemas/widgets.ts";
import { ExportDialog } from "./export/ExportDialog.tsx";
import { messageTablesForExport } from "./export/export-tables.ts";

type Props = Omit<ComponentProps<typeof ExportDialog>, "messageTables"> & {
  /** The page's widgets: its message tables are the ones offered. */
  widgets: readonly Widget[];
  titleOf: (widget: Widget) => string;
};

/** The export dialog over a page's widgets (a dashboard page's Export and its message tables' own Export). */
export function WidgetsExportDialog({ widgets, titleOf, ...props }: Props) {
  return <ExportDialog {...props} messageTables={messageTablesForExport(widgets, titleOf)} />;
}
