import { csvLine } from "../../shared/csv.ts";

/** A byte stream of CSV: the header line, then every row chunk as it arrives. */
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
      controller.enqueue(encoder.encode(value.map(csvLine).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
