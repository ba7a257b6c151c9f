/**
 * The page of bench/measure/table-render.ts: the search page's message table alone, swapping between two real
 * search answers, so that the table's own cost on an answer (React render, DOM, style, layout, paint) is timed
 * apart from the server, the network and the rest of the page.
 */
import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { useLayoutEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import type { ResultMessage } from "../../api/schemas/search.ts";
import type { MessagesWidgetConfig } from "../../api/schemas/widgets.ts";
import { highlightColor } from "../../ui/view/highlighting-rules.ts";
import { toMessageRow } from "../../ui/widgets/messages/logic/message-rows.ts";
import { MessageTable } from "../../ui/widgets/messages/MessageTable.tsx";

interface BenchWindow {
  /** Two answers' messages (as the messages search type returns them). */
  __answers: ResultMessage[][];
  /** Shows the other answer; resolves with [rows committed, painted] in ms after the call. */
  __swap: () => Promise<[number, number]>;
}
const bench = globalThis as unknown as BenchWindow;

const CONFIG: MessagesWidgetConfig = {
  fields: ["timestamp", "source"],
  show_message_row: true,
  show_summary: true,
  sort: [{ type: "pivot", field: "timestamp", direction: "Descending" }],
  decorators: [],
} as MessagesWidgetConfig;

let started = 0;
let committed: ((at: number) => void) | null = null;

function Bench() {
  const [answer, setAnswer] = useState(0);
  bench.__swap = () =>
    new Promise((resolve) => {
      started = performance.now();
      committed = (at) =>
        requestAnimationFrame(() =>
          setTimeout(() => resolve([at - started, performance.now() - started]), 0)
        );
      setAnswer((current) => current + 1);
    });
  // As the page does per answer: the rows are made from the job (toSearchJobModel) when it arrives.
  const [rows] = useState(() => bench.__answers.map((messages) => messages.map(toMessageRow)));
  const messages = rows[answer % 2];
  useLayoutEffect(() => {
    committed?.(performance.now());
  }, [answer]);
  return (
    <MessageTable
      config={CONFIG}
      onConfigChange={() => {}}
      messages={messages}
      total={messages.length * 400}
      page={1}
      pageSize={150}
      resultWindowLimit={10_000}
      onPageChange={() => {}}
      timezone="UTC"
      cellColor={(field, value) => highlightColor([], field, value, [])}
      fieldTypes={[]}
      query="failed"
      onQueryChange={() => {}}
    />
  );
}

createRoot(document.getElementById("root")!).render(
  <MantineProvider>
    <div style={{ width: 1100, padding: 16 }}>
      <Bench />
    </div>
  </MantineProvider>,
);
