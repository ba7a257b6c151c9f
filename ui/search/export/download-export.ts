import type { TimeRange } from "../../../api/schemas/timerange.ts";
import { FetchError } from "../../api/fetch-error.ts";
import { apiUrl } from "../../api/page-config.ts";
import { EXPORT_FORMATS, type ExportFormatId } from "./export-formats.ts";
import type { ExportSort } from "./export-tables.ts";

export interface ExportRequest {
  query: string;
  timerange: TimeRange;
  streams: readonly string[];
  fields: readonly string[];
  /** The chosen message table's order; the server's default (newest first) when left out. */
  sort?: readonly ExportSort[];
  limit: number | null;
  format: ExportFormatId;
}

/**
 * POST /views/export and read the streamed file with a body reader, reporting bytes received, into a Blob.
 * Plain fetch instead of fetchJson: the answer is CSV (or another format), not JSON, and is read incrementally.
 */
export async function fetchExport(
  request: ExportRequest,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const url = apiUrl("/views/export");
  const mimeType = EXPORT_FORMATS[request.format].mimeType;
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    signal,
    headers: { "X-Requested-By": "XMLHttpRequest", "Content-Type": "application/json", Accept: mimeType },
    body: JSON.stringify({
      query_string: { type: "elasticsearch", query_string: request.query },
      timerange: request.timerange,
      streams: request.streams,
      fields_in_order: request.fields,
      ...(request.sort && request.sort.length > 0 ? { sort: request.sort } : {}),
      ...(request.limit ? { limit: request.limit } : {}),
    }),
  });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => "");
    throw new FetchError(response.status, response.statusText, text ? { message: text } : null, "POST", url);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type: response.headers.get("Content-Type") ?? mimeType });
}

/** Saves a Blob under a file name through an object URL and an anchor click. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  anchor.style.display = "none";
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
