import { Center, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { AggregationEditorProps } from "./AggregationEditor.tsx";

// The editor (groupings, metrics, sorting, visualization settings, their inputs) is shown only in a widget's
// edit mode: its code loads then, not with the search page (issue 4 item 10).
const AggregationEditor = lazy(() => import("./AggregationEditor.tsx").then((module) => ({ default: module.AggregationEditor })));

/** The aggregation editor, loaded on first use; a loader holds its place meanwhile. */
export function LazyAggregationEditor(props: AggregationEditorProps) {
  return (
    <Suspense
      fallback={
        <Center p="md">
          <Loader size="sm" aria-label="Loading the aggregation editor" />
        </Center>
      }
    >
      <AggregationEditor {...props} />
    </Suspense>
  );
}
