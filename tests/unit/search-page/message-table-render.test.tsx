import assert from "node:assert/strict";
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { MessagesWidgetConfigSchema } from "../../../api/schemas/widgets.ts";
import type { ResultMessage } from "../../../api/schemas/search.ts";
import { toMessageRow } from "../../../ui/widgets/messages/logic/message-rows.ts";
import { MessageTable, type MessageTableProps } from "../../../ui/widgets/messages/MessageTable.tsx";

function message(
  overrides: Partial<ResultMessage["message"]> = {},
  ranges: ResultMessage["highlight_ranges"] = {},
) {
  return toMessageRow({
    index: "graylog_0",
    highlight_ranges: ranges,
    message: {
      _id: "m1",
      timestamp: "2026-01-02T10:00:00.123Z",
      source: "web-01",
      message: "GET /index.html <b>x</b>",
      level: 3,
      ...overrides,
    },
  } as ResultMessage);
}

function render(overrides: Partial<MessageTableProps> = {}) {
  const props: MessageTableProps = {
    config: MessagesWidgetConfigSchema.parse({}),
    onConfigChange: () => {},
    messages: [message(), message({ _id: "m2", level: 6, source: "db-01" })],
    total: 2,
    page: 1,
    pageSize: 150,
    resultWindowLimit: 10_000,
    onPageChange: () => {},
    timezone: "Europe/Berlin",
    ...overrides,
  };
  return renderToString(
    <MantineProvider>
      <MessageTable {...props} />
    </MantineProvider>,
  );
}

const rows = (html: string) =>
  [...html.matchAll(/<tr [^>]*data-testid="message-row"[^>]*>/g)].map((m) => m[0]);

Deno.test("each message is a row of field cells plus its message row, with the level as the row's stripe", () => {
  const html = render();
  assert.equal(rows(html).length, 2);
  assert.match(rows(html)[0], /data-level="error"/);
  assert.match(rows(html)[1], /data-level="info"/);
  const sources = [...html.matchAll(/<td [^>]*data-field="source"[^>]*><div[^>]*>([^<]*)</g)].map((m) =>
    m[1]
  );
  assert.deepEqual(sources, ["web-01", "db-01"]);
  assert.match(html, /data-field="timestamp"[^>]*><div class="sluice-mt-timestamp">2026-01-02 11:00:00.123</);
  assert.equal([...html.matchAll(/data-testid="message-text"/g)].length, 2);
  assert.match(html, /Showing 1–2 of 2 messages/);
});

Deno.test("log content stays text: markup in a message is escaped, never rendered", () => {
  const html = render();
  assert.match(html, /GET \/index.html &lt;b&gt;x&lt;\/b&gt;/);
  assert.doesNotMatch(html, /<b>x<\/b>/);
});

Deno.test("search terms are marked and highlighting rules colour their cells", () => {
  const html = render({
    messages: [message({}, { message: [{ start: 0, length: 3 }] })],
    cellColor: (field, value) => (field === "source" && value === "web-01" ? "#ff0000" : null),
  });
  assert.match(html, /data-testid="search-term-highlight"[^>]*>GET</);
  assert.match(html, /data-field="source" style="background-color:#ff0000;color:[^"]+"/);
  assert.doesNotMatch(html, /data-field="timestamp" style=/);
});

Deno.test("without the message row, each field row carries the separator itself", () => {
  const html = render({ config: MessagesWidgetConfigSchema.parse({ show_message_row: false }) });
  assert.equal(rows(html).filter((row) => row.includes("data-separated")).length, 2);
  assert.doesNotMatch(html, /data-testid="message-text"/);
});
