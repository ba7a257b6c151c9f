import { z } from "@hono/zod-openapi";
import { AUTHENTICATED } from "../access.ts";
import { exportCsvAnswer } from "../csv-answer.ts";
import { notFound } from "../errors.ts";
import { exportRequestOf } from "../export-request.ts";
import { readableSearch } from "../readable-search.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema, MissingStreamPermissionSchema } from "../schemas/errors.ts";
import { type ExportJob, MessagesRequestSchema, ResultFormatSchema } from "../schemas/export-jobs.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";
import type { Context } from "hono";

const ObjectIdParam = (name: string) => z.string().regex(/^[0-9a-f]{24}$/, `${name} must be a 24-character hex ObjectId`);
const SearchTypeIdParam = z.string().min(1).max(100);
const csvContent = (description: string) => ({ description, content: { "text/csv": { schema: z.string() } } });
const streamDenied = { 403: jsonContent(MissingStreamPermissionSchema, "The export names streams the caller may not read.") };
const noSuchSearch = { 404: jsonContent(ApiErrorSchema, "No such search, or not one the caller may read.") };
const optionalFormat = { required: false, content: { "application/json": { schema: ResultFormatSchema } } };

const exportMessages = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/search/messages",
  tags: ["Search"],
  summary: "Export the messages a query matches as CSV (streamed)",
  request: { body: jsonBody(MessagesRequestSchema) },
  responses: { 200: csvContent("CSV: a header of fields_in_order, then one line per message."), ...streamDenied },
});

const exportSearch = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/search/messages/{searchId}",
  tags: ["Search"],
  summary: "Export the messages of a stored search (one query) as CSV (streamed)",
  request: { params: z.object({ searchId: ObjectIdParam("searchId") }), body: optionalFormat },
  responses: { 200: csvContent("CSV of the search's messages."), ...streamDenied, ...noSuchSearch },
});

const exportSearchType = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/search/messages/{searchId}/{searchTypeId}",
  tags: ["Search"],
  summary: "Export the messages of one message table of a stored search as CSV (streamed)",
  request: { params: z.object({ searchId: ObjectIdParam("searchId"), searchTypeId: SearchTypeIdParam }), body: optionalFormat },
  responses: { 200: csvContent("CSV of the message table's messages."), ...streamDenied, ...noSuchSearch },
});

const downloadJob = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/views/search/messages/job/{exportJobId}/{filename}",
  tags: ["Search"],
  summary: "Download an export job's messages as CSV under a file name (until the job expires, an hour after it was created)",
  request: {
    params: z.object({
      exportJobId: ObjectIdParam("exportJobId"),
      filename: z.string().min(1).max(255).regex(/^[^/\\"\r\n]+$/, "filename must be a plain file name"),
    }),
  },
  responses: {
    200: csvContent("CSV of the job's messages, as an attachment under the file name."),
    ...streamDenied,
    404: jsonContent(ApiErrorSchema, "No such export job of the caller, or it expired."),
  },
});

/** The messages of a stored search or of one of its message tables, with the caller's overrides. */
export async function storedSearchExport(c: Context, searchId: string, searchTypeId: string | null, format: z.infer<typeof ResultFormatSchema>, fileName: string) {
  const search = await readableSearch(c, searchId);
  if (!search) throw notFound(`Search with id ${searchId} does not exist`);
  return await exportCsvAnswer(c, exportRequestOf(search, searchTypeId, format), fileName);
}

/** Runs an export job's export as the caller, answering with its CSV under the file name. */
function downloadOf(c: Context, job: ExportJob, fileName: string) {
  switch (job.spec.type) {
    case "messages":
      return exportCsvAnswer(c, job.spec.request, fileName);
    case "search":
      return storedSearchExport(c, job.spec.search_id, null, job.spec.result_format, fileName);
    case "search_type":
      return storedSearchExport(c, job.spec.search_id, job.spec.search_type_id, job.spec.result_format, fileName);
  }
}

/** Message exports as streamed CSV (spec 001 §7: POST /views/search/messages and the export job download). */
export function searchMessagesApi() {
  return createApiRouter()
    .openapi(exportMessages, async (c) => await exportCsvAnswer(c, c.req.valid("json"), "messages.csv") as never)
    .openapi(exportSearch, async (c) => {
      const format = ResultFormatSchema.parse(c.req.valid("json") ?? {});
      return await storedSearchExport(c, c.req.valid("param").searchId, null, format, format.filename ?? "search-result.csv") as never;
    })
    .openapi(exportSearchType, async (c) => {
      const { searchId, searchTypeId } = c.req.valid("param");
      const format = ResultFormatSchema.parse(c.req.valid("json") ?? {});
      return await storedSearchExport(c, searchId, searchTypeId, format, format.filename ?? "search-result.csv") as never;
    })
    .openapi(downloadJob, async (c) => {
      const { exportJobId, filename } = c.req.valid("param");
      const job = await c.get("backend").exportJobs.get(exportJobId);
      if (!job || job.owner !== c.get("user")!.username) throw notFound(`Unable to find export job with id <${exportJobId}>!`);
      return await downloadOf(c, job, filename) as never;
    });
}
