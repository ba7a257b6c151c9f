import type { TimeRange } from "../../../api/schemas/timerange.ts";
import { type ApiBody, apiCall } from "../../api/api-client.ts";
import { sendApiRequest } from "../../api/api-transport.ts";
import { apiUrl } from "../../api/page-config.ts";
import { EXPORT_FORMATS, type ExportFormatId } from "./export-formats.ts";
import type { ExportSort } from "./export-tables.ts";

export interface ExportRequest {
  query: string;
  timerange: TimeRange;
  streams: readonly string[];
  fields: readonly string[];
  /** The chosen message table's order; newest first when left out. */
  sort?: readonly ExportSort[];
  limit: number | null;
  format: ExportFormatId;
}

/**
 * Graylog's export (spec 001 §7): POST /views/export creates an export job and answers its id; the job's file
 * is then downloaded by id and file name. The download is the job running: its rows stream as they are read
 * (no length known ahead, as Graylog streams them), so its progress is the bytes received so far.
 */
export async function fetchExport(
  request: ExportRequest,
  fileName: string,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const body: ApiBody<"post", "/views/export"> = {
    query_string: { type: "elasticsearch", query_string: request.query },
    timerange: request.timerange,
    streams: [...request.streams],
    fields_in_order: [...request.fields],
    sort: request.sort && request.sort.length > 0 ? [...request.sort] : [{ field: "timestamp", order: "DESC" }],
  };
  if (request.limit) body.limit = request.limit;
  const jobId = await apiCall("post", "/views/export", { body }, { signal });
  const mimeType = EXPORT_FORMATS[request.format].mimeType;
  const response = await sendApiRequest(exportJobDownloadUrl(jobId, fileName), { method: "GET" }, { signal, accept: mimeType });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress(received);
    }
  }
  return new Blob(chunks, { type: response.headers.get("Content-Type") ?? mimeType });
}

/** GET /views/search/messages/job/{exportJobId}/{filename}: where an export job's file is downloaded. */
function exportJobDownloadUrl(jobId: string, fileName: string): string {
  return apiUrl(`/views/search/messages/job/${encodeURIComponent(jobId)}/${encodeURIComponent(fileName)}`);
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
