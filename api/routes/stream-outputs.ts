import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { AddOutputRequestSchema, OutputListSchema } from "../schemas/outputs.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const TAGS = ["Stream Outputs"];
const StreamId = z.object({ streamId: z.string().min(1, "streamId must not be empty").max(100, "streamId must be at most 100 characters") });
const StreamOutputId = StreamId.extend({
  outputId: z.string().regex(/^[0-9a-f]{24}$/, "outputId must be a 24-character hex ObjectId"),
});
const noSuchStream = { 404: jsonContent(ApiErrorSchema, "No stream with this id.") };

const listStreamOutputs = secureRoute(requires("streams:read:{streamId}", "outputs:read"), {
  method: "get",
  path: "/streams/{streamId}/outputs",
  tags: TAGS,
  summary: "The outputs the stream's messages are forwarded to",
  request: { params: StreamId },
  responses: { 200: jsonContent(OutputListSchema, "The stream's outputs."), ...noSuchStream },
});

const addStreamOutputs = secureRoute(requires("streams:edit:{streamId}", "outputs:edit"), {
  method: "post",
  path: "/streams/{streamId}/outputs",
  tags: TAGS,
  summary: "Attach existing outputs to the stream; its messages are forwarded to them from the next batch on",
  request: { params: StreamId, body: jsonBody(AddOutputRequestSchema) },
  responses: {
    202: { description: "The outputs are attached." },
    400: jsonContent(ApiErrorSchema, "An output the body names does not exist."),
    ...noSuchStream,
  },
});

const removeStreamOutput = secureRoute(requires("streams:edit:{streamId}", "outputs:edit"), {
  method: "delete",
  path: "/streams/{streamId}/outputs/{outputId}",
  tags: TAGS,
  summary: "Detach an output from the stream (the output stays)",
  request: { params: StreamOutputId },
  responses: { ...NoContent, 404: jsonContent(ApiErrorSchema, "No such stream, or the output is not attached to it.") },
});

/** The outputs of a stream (Graylog 5.1 `/streams/{streamId}/outputs`). */
export function streamOutputsApi() {
  return createApiRouter()
    .openapi(listStreamOutputs, async (c) => {
      const { streamId } = c.req.valid("param");
      const backend = c.get("backend");
      if (!(await backend.streams.get(streamId))) throw notFound(`Stream <${streamId}> not found!`);
      const outputs = await backend.outputs.ofStream(streamId);
      return c.json({ total: outputs.length, outputs }, 200);
    })
    .openapi(addStreamOutputs, async (c) => {
      const { streamId } = c.req.valid("param");
      const backend = c.get("backend");
      if (!(await backend.streams.get(streamId))) throw notFound(`Stream <${streamId}> not found!`);
      const missing = await backend.outputs.attach(streamId, c.req.valid("json").outputs);
      if (missing !== null) throw badRequest(`outputs: no output ${missing}`);
      return c.body(null, 202);
    })
    .openapi(removeStreamOutput, async (c) => {
      const { streamId, outputId } = c.req.valid("param");
      const backend = c.get("backend");
      if (!(await backend.streams.get(streamId))) throw notFound(`Stream <${streamId}> not found!`);
      if (!(await backend.outputs.detach(streamId, outputId))) throw notFound(`Output <${outputId}> is not attached to stream <${streamId}>`);
      return c.body(null, 204);
    });
}
