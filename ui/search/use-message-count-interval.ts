import { useSetAtom } from "jotai";
import { useEffect } from "react";
import type { PivotInterval } from "../../api/schemas/widgets.ts";
import { withMessageCountInterval } from "./logic/message-count-interval.ts";
import { viewWidgetsAtom } from "../view/view-state.ts";

/**
 * Sets the 'Message Count' chart's grouping from the URL's `interval` when the page opens and whenever the
 * parameter changes (back, forward, a pasted link). Edits of the chart afterwards stand until the next submit
 * writes them into the URL.
 */
export function useMessageCountInterval(interval: PivotInterval | null): void {
  const setView = useSetAtom(viewWidgetsAtom);
  const key = interval ? JSON.stringify(interval) : null;
  useEffect(() => {
    if (interval) setView((current) => withMessageCountInterval(current, interval));
  }, [key]);
}
