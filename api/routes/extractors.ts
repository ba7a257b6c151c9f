import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import {
  CreateExtractorRequestSchema,
  ExtractorCreatedSchema,
  ExtractorSummaryListSchema,
  ExtractorSummarySchema,
  OrderExtractorsRequestSchema,
} from "../schemas/extractors.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { EntityValidationError } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const READ = "inputs:read";
const EDIT = "inputs:edit";
const TAGS = ["Extractors"];
const InputId = z.object({ inputId: z.string().regex(/^[0-9a-f]{24}$/, "inputId must be a 24-character hex ObjectId") });
const ExtractorId = InputId.extend({ extractorId: z.string().regex(/^[0-9a-f]{24}$/, "extractorId must be a 24-character hex ObjectId") });
const noSuchInput = { 404: jsonContent(ApiErrorSchema, "No input with this id.") };
const noSuchExtractor = { 404: jsonContent(ApiErrorSchema, "No such input or extractor.") };

const listExtractors = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputs/{inputId}/extractors",
  tags: TAGS,
  summary: "The input's extractors, in the order they run",
  request: { params: InputId },
  responses: { 200: jsonContent(ExtractorSummaryListSchema, "The extractors."), ...noSuchInput },
});

const createExtractor = secureRoute(requires(EDIT), {
  method: "post",
  path: "/system/inputs/{inputId}/extractors",
  tags: TAGS,
  summary: "Add an extractor; it runs on every message the input receives from now on, after the others",
  request: { params: InputId, body: jsonBody(CreateExtractorRequestSchema) },
  responses: { 201: jsonContent(ExtractorCreatedSchema, "The new extractor's id."), ...noSuchInput },
});

const getExtractor = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputs/{inputId}/extractors/{extractorId}",
  tags: TAGS,
  summary: "One extractor with its counters",
  request: { params: ExtractorId },
  responses: { 200: jsonContent(ExtractorSummarySchema, "The extractor."), ...noSuchExtractor },
});

const updateExtractor = secureRoute(requires(EDIT), {
  method: "put",
  path: "/system/inputs/{inputId}/extractors/{extractorId}",
  tags: TAGS,
  summary: "Change an extractor (its place in the order stays)",
  request: { params: ExtractorId, body: jsonBody(CreateExtractorRequestSchema) },
  responses: { 200: jsonContent(ExtractorSummarySchema, "The extractor."), ...noSuchExtractor },
});

const deleteExtractor = secureRoute(requires(EDIT), {
  method: "delete",
  path: "/system/inputs/{inputId}/extractors/{extractorId}",
  tags: TAGS,
  summary: "Remove an extractor",
  request: { params: ExtractorId },
  responses: { ...NoContent, ...noSuchExtractor },
});

const orderExtractors = secureRoute(requires(EDIT), {
  method: "post",
  path: "/system/inputs/{inputId}/extractors/order",
  tags: TAGS,
  summary: "Set the order the input's extractors run in (position → extractor id)",
  request: { params: InputId, body: jsonBody(OrderExtractorsRequestSchema) },
  responses: { ...NoContent, ...noSuchInput },
});

/** Extractors of an input (Graylog 5.1 `/system/inputs/{inputId}/extractors`). */
export function extractorsApi() {
  return createApiRouter()
    .openapi(listExtractors, async (c) => {
      const { inputId } = c.req.valid("param");
      const extractors = await c.get("backend").extractors.list(inputId);
      if (!extractors) throw notFound(`Input <${inputId}> not found!`);
      return c.json({ extractors, total: extractors.length }, 200);
    })
    .openapi(createExtractor, async (c) => {
      const { inputId } = c.req.valid("param");
      const created = await refusalsAreBadRequests(c.get("backend").extractors.create(inputId, c.req.valid("json"), c.get("user")!.username));
      if (!created) throw notFound(`Input <${inputId}> not found!`);
      c.header("Location", `/system/inputs/${inputId}/extractors/${created.id}`);
      return c.json({ extractor_id: created.id }, 201);
    })
    .openapi(getExtractor, async (c) => {
      const { inputId, extractorId } = c.req.valid("param");
      const extractor = await c.get("backend").extractors.get(inputId, extractorId);
      if (!extractor) throw notFound(`No extractor ${extractorId} on input ${inputId}`);
      return c.json(extractor, 200);
    })
    .openapi(updateExtractor, async (c) => {
      const { inputId, extractorId } = c.req.valid("param");
      const updated = await refusalsAreBadRequests(c.get("backend").extractors.update(inputId, extractorId, c.req.valid("json")));
      if (!updated) throw notFound(`No extractor ${extractorId} on input ${inputId}`);
      return c.json(updated, 200);
    })
    .openapi(deleteExtractor, async (c) => {
      const { inputId, extractorId } = c.req.valid("param");
      if (!(await c.get("backend").extractors.delete(inputId, extractorId))) throw notFound(`No extractor ${extractorId} on input ${inputId}`);
      return c.body(null, 204);
    })
    .openapi(orderExtractors, async (c) => {
      const { inputId } = c.req.valid("param");
      if (!(await c.get("backend").extractors.reorder(inputId, c.req.valid("json").order))) throw notFound(`Input <${inputId}> not found!`);
      return c.body(null, 204);
    });
}

/** A backend's refusal (EntityValidationError) is the caller's to fix: 400 with its text. */
async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}
