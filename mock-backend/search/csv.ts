import { csvLine } from "../../shared/csv.ts";

/**
 * One SQL expression giving a row's whole CSV line (RFC 4180 as `shared/csv.ts`: a field is quoted when it holds a
 * quote, comma or line break, quotes doubled; NULL is empty), so the database builds the lines and the server only
 * joins one string per row instead of converting and escaping every column in JavaScript.
 */
export function csvLineSql(columns: readonly string[]): string {
  const fields = columns.map((column) =>
    `coalesce(CASE WHEN regexp_matches(${column}, '[",\\r\\n]') THEN '"' || replace(${column}, '"', '""') || '"' ELSE ${column} END, '')`
  );
  return `(${fields.join(" || ',' || ")} || chr(13) || chr(10))`;
}

/** A byte stream of CSV: the header line, then every chunk of rows, each row one ready line (see `csvLineSql`). */
export function csvStream(header: readonly string[], chunks: AsyncIterable<unknown[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const { done, value } = await iterator.next();
      if (done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(value.map((row) => row[0]).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
