import type { Context } from "hono";
import type { ExportRequest } from "./schemas/search-support.ts";
import { assertStreamsReadable, searchScope } from "./search-scope.ts";

/** A streamed CSV answer offered for download under a file name. */
export function csvResponse(body: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/["\\\r\n]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The messages of an export request as streamed CSV, after checking the caller may read the streams it names. */
export async function exportCsvAnswer(c: Context, request: ExportRequest, fileName: string): Promise<Response> {
  const scope = await searchScope(c);
  assertStreamsReadable(scope, [...request.streams, ...(request.filter?.type === "or" ? request.filter.filters.map((f) => f.id) : [])]);
  return csvResponse(c.get("backend").search.exportCsv(request, scope), fileName);
}
