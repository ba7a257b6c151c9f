/** One CSV field per RFC 4180: quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(",") : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

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
