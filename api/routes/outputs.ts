import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  AvailableOutputsSchema,
  CreateOutputRequestSchema,
  OutputListSchema,
  OutputSummarySchema,
  UpdateOutputRequestSchema,
} from "../schemas/outputs.ts";
import { EntityValidationError } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const TAGS = ["Outputs"];
const OutputId = z.object({ outputId: z.string().regex(/^[0-9a-f]{24}$/, "outputId must be a 24-character hex ObjectId") });
const noSuchOutput = { 404: jsonContent(ApiErrorSchema, "No output with this id.") };
const refused = { 400: jsonContent(ApiErrorSchema, "The body names an unknown type or a configuration the type does not take.") };

const listOutputs = secureRoute(requires("outputs:read"), {
  method: "get",
  path: "/system/outputs",
  tags: TAGS,
  summary: "Every output",
  responses: { 200: jsonContent(OutputListSchema, "The outputs.") },
});

const availableOutputs = secureRoute(requires("outputs:read"), {
  method: "get",
  path: "/system/outputs/available",
  tags: TAGS,
  summary: "The output types and the configuration each asks for",
  responses: { 200: jsonContent(AvailableOutputsSchema, "The output types by class name.") },
});

const createOutput = secureRoute(requires("outputs:create"), {
  method: "post",
  path: "/system/outputs",
  tags: TAGS,
  summary: "Add an output, attached to the streams the body names",
  request: { body: jsonBody(CreateOutputRequestSchema) },
  responses: { 201: jsonContent(OutputSummarySchema, "The new output."), ...refused },
});

const getOutput = secureRoute(requires("outputs:read:{outputId}"), {
  method: "get",
  path: "/system/outputs/{outputId}",
  tags: TAGS,
  summary: "One output",
  request: { params: OutputId },
  responses: { 200: jsonContent(OutputSummarySchema, "The output."), ...noSuchOutput },
});

const updateOutput = secureRoute(requires("outputs:edit:{outputId}"), {
  method: "put",
  path: "/system/outputs/{outputId}",
  tags: TAGS,
  summary: "Change an output's title or configuration; it forwards with them from the next message on",
  request: { params: OutputId, body: jsonBody(UpdateOutputRequestSchema) },
  responses: { 200: jsonContent(OutputSummarySchema, "The output."), ...noSuchOutput, ...refused },
});

const deleteOutput = secureRoute(requires("outputs:terminate:{outputId}"), {
  method: "delete",
  path: "/system/outputs/{outputId}",
  tags: TAGS,
  summary: "Remove an output from every stream and delete it",
  request: { params: OutputId },
  responses: { ...NoContent, ...noSuchOutput },
});

/** Outputs (Graylog 5.1 `/system/outputs`). */
export function outputsApi() {
  return createApiRouter()
    .openapi(listOutputs, async (c) => {
      const outputs = await c.get("backend").outputs.list();
      return c.json({ total: outputs.length, outputs }, 200);
    })
    .openapi(availableOutputs, (c) => {
      const types = c.get("backend").outputs.types();
      return c.json({ types: Object.fromEntries(types.map((type) => [type.type, type])) }, 200);
    })
    .openapi(createOutput, async (c) => {
      const created = await refusalsAreBadRequests(c.get("backend").outputs.create(c.req.valid("json"), c.get("user")!.username));
      c.header("Location", `/system/outputs/${created.id}`);
      return c.json(created, 201);
    })
    .openapi(getOutput, async (c) => {
      const { outputId } = c.req.valid("param");
      const output = await c.get("backend").outputs.get(outputId);
      if (!output) throw notFound(`Output <${outputId}> not found!`);
      return c.json(output, 200);
    })
    .openapi(updateOutput, async (c) => {
      const { outputId } = c.req.valid("param");
      const updated = await refusalsAreBadRequests(c.get("backend").outputs.update(outputId, c.req.valid("json")));
      if (!updated) throw notFound(`Output <${outputId}> not found!`);
      return c.json(updated, 200);
    })
    .openapi(deleteOutput, async (c) => {
      const { outputId } = c.req.valid("param");
      if (!(await c.get("backend").outputs.delete(outputId))) throw notFound(`Output <${outputId}> not found!`);
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
