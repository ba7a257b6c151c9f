import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AUTHENTICATED } from "../access.ts";
import { notFound } from "../errors.ts";
import { exportRequestOf } from "../export-request.ts";
import { readableSearch } from "../readable-search.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema, MissingStreamPermissionSchema } from "../schemas/errors.ts";
import { ExportJobIdSchema, type ExportJobSpec, ResultFormatSchema } from "../schemas/export-jobs.ts";
import { assertStreamsReadable, searchScope } from "../search-scope.ts";
import { jsonContent, secureRoute } from "../secure-route.ts";

const ObjectIdParam = (name: string) => z.string().regex(/^[0-9a-f]{24}$/, `${name} must be a 24-character hex ObjectId`);
const optionalFormat = { required: false, content: { "application/json": { schema: ResultFormatSchema } } };
const answers = {
  200: jsonContent(ExportJobIdSchema, "The export job's id: download it from /views/search/messages/job/{id}/{filename} within an hour."),
  403: jsonContent(MissingStreamPermissionSchema, "The export names streams the caller may not read."),
  404: jsonContent(ApiErrorSchema, "No such search, or not one the caller may read."),
};

const searchExportJob = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/export/{searchId}",
  tags: ["Search"],
  summary: "Create a job exporting the messages of a stored search (one query)",
  request: { params: z.object({ searchId: ObjectIdParam("searchId") }), body: optionalFormat },
  responses: answers,
});

const searchTypeExportJob = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/export/{searchId}/{searchTypeId}",
  tags: ["Search"],
  summary: "Create a job exporting the messages of one message table of a stored search",
  request: { params: z.object({ searchId: ObjectIdParam("searchId"), searchTypeId: z.string().min(1).max(100) }), body: optionalFormat },
  responses: answers,
});

/** Stores an export job after checking now what its download will check again: the search, its type, the streams. */
export async function createExportJob(c: Context, spec: ExportJobSpec): Promise<string> {
  const scope = await searchScope(c);
  if (spec.type === "messages") {
    assertStreamsReadable(scope, spec.request.streams);
  } else {
    const search = await readableSearch(c, spec.search_id);
    if (!search) throw notFound(`Search with id ${spec.search_id} does not exist`);
    const request = exportRequestOf(search, spec.type === "search_type" ? spec.search_type_id : null, spec.result_format);
    assertStreamsReadable(scope, request.streams);
  }
  return (await c.get("backend").exportJobs.create(c.get("user")!.username, spec)).id;
}

/** Export jobs (spec 001 §7): a job id comes back; the file is then downloaded by id and file name. */
export function exportJobsApi() {
  return createApiRouter()
    .openapi(searchExportJob, async (c) => {
      const result_format = ResultFormatSchema.parse(c.req.valid("json") ?? {});
      return c.json(await createExportJob(c, { type: "search", search_id: c.req.valid("param").searchId, result_format }), 200);
    })
    .openapi(searchTypeExportJob, async (c) => {
      const { searchId, searchTypeId } = c.req.valid("param");
      const result_format = ResultFormatSchema.parse(c.req.valid("json") ?? {});
      return c.json(await createExportJob(c, { type: "search_type", search_id: searchId, search_type_id: searchTypeId, result_format }), 200);
    });
}
