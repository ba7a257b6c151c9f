import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { type ApiError, badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import {
  ClusterInputStateChangeSchema,
  ClusterInputStatesSchema,
  InputCreatedSchema,
  InputCreateRequestSchema,
  InputsListSchema,
  InputStatesListSchema,
  InputStateSummarySchema,
  InputSummarySchema,
  InputTypeInfoMapSchema,
  InputTypeInfoSchema,
  InputTypesSummarySchema,
  StaticFieldRequestSchema,
} from "../schemas/inputs.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { EntityValidationError } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

/** Graylog's permissions for inputs. */
const READ = "inputs:read";
const CREATE = "inputs:create";
const EDIT = "inputs:edit";
const TERMINATE = "inputs:terminate";
const CHANGE_STATE = "inputs:changestate";

const TAGS = ["Inputs"];
const InputId = z.object({ inputId: z.string().regex(/^[0-9a-f]{24}$/, "inputId must be a 24-character hex ObjectId") });
const noSuchInput = { 404: jsonContent(ApiErrorSchema, "No input with this id.") };

const listTypes = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputs/types",
  tags: TAGS,
  summary: "The input types that can be launched: class name → name",
  responses: { 200: jsonContent(InputTypesSummarySchema, "Every input type.") },
});

const allTypes = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputs/types/all",
  tags: TAGS,
  summary: "Every input type with the configuration fields its form asks for",
  responses: { 200: jsonContent(InputTypeInfoMapSchema, "Class name → type information.") },
});

const getType = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputs/types/{inputType}",
  tags: TAGS,
  summary: "One input type with its configuration fields",
  request: { params: z.object({ inputType: z.string().max(300) }) },
  responses: {
    200: jsonContent(InputTypeInfoSchema, "The type."),
    404: jsonContent(ApiErrorSchema, "No such input type."),
  },
});

const listInputs = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputs",
  tags: TAGS,
  summary: "Every input",
  responses: { 200: jsonContent(InputsListSchema, "The inputs and their number.") },
});

const getInput = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputs/{inputId}",
  tags: TAGS,
  summary: "An input by id",
  request: { params: InputId },
  responses: { 200: jsonContent(InputSummarySchema, "The input."), ...noSuchInput },
});

const createInput = secureRoute(requires(CREATE), {
  method: "post",
  path: "/system/inputs",
  tags: TAGS,
  summary: "Launch an input (global, or on the node named); it starts listening at once, its state says whether it could",
  request: { body: jsonBody(InputCreateRequestSchema) },
  responses: { 201: jsonContent(InputCreatedSchema, "The new input's id.") },
});

const updateInput = secureRoute(requires(EDIT), {
  method: "put",
  path: "/system/inputs/{inputId}",
  tags: TAGS,
  summary: "Change an input's title and configuration; a running input restarts with them",
  request: { params: InputId, body: jsonBody(InputCreateRequestSchema) },
  responses: { 201: jsonContent(InputCreatedSchema, "The input's id."), ...noSuchInput },
});

const deleteInput = secureRoute(requires(TERMINATE), {
  method: "delete",
  path: "/system/inputs/{inputId}",
  tags: TAGS,
  summary: "Stop and remove an input",
  request: { params: InputId },
  responses: { ...NoContent, ...noSuchInput },
});

const addStaticField = secureRoute(requires(EDIT), {
  method: "post",
  path: "/system/inputs/{inputId}/staticfields",
  tags: TAGS,
  summary: "Add a static field: every message the input receives from now on carries it (unless it has the field)",
  request: { params: InputId, body: jsonBody(StaticFieldRequestSchema) },
  responses: { 201: { description: "Added; no content." }, ...noSuchInput },
});

const removeStaticField = secureRoute(requires(EDIT), {
  method: "delete",
  path: "/system/inputs/{inputId}/staticfields/{key}",
  tags: TAGS,
  summary: "Remove a static field",
  request: { params: InputId.extend({ key: z.string().max(200) }) },
  responses: { ...NoContent, 404: jsonContent(ApiErrorSchema, "No such input or static field.") },
});

const listStates = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputstates",
  tags: TAGS,
  summary: "The state of every input on this node (running, failed with the reason, stopped)",
  responses: { 200: jsonContent(InputStatesListSchema, "The states.") },
});

const getState = secureRoute(requires(READ), {
  method: "get",
  path: "/system/inputstates/{inputId}",
  tags: TAGS,
  summary: "One input's state on this node",
  request: { params: InputId },
  responses: { 200: jsonContent(InputStateSummarySchema, "The state."), ...noSuchInput },
});

const startInput = secureRoute(requires(CHANGE_STATE), {
  method: "put",
  path: "/system/inputstates/{inputId}",
  tags: TAGS,
  summary: "Start (or restart) an input on this node; it starts with the server from now on",
  request: { params: InputId },
  responses: { 200: jsonContent(InputCreatedSchema, "The input's id."), ...noSuchInput },
});

const stopInput = secureRoute(requires(CHANGE_STATE), {
  method: "delete",
  path: "/system/inputstates/{inputId}",
  tags: TAGS,
  summary: "Stop an input on this node; it stays stopped across restarts",
  request: { params: InputId },
  responses: { 200: jsonContent(InputCreatedSchema, "The input's id."), ...noSuchInput },
});

const clusterStates = secureRoute(requires(READ), {
  method: "get",
  path: "/cluster/inputstates",
  tags: TAGS,
  summary: "Input states of every node (this one)",
  responses: { 200: jsonContent(ClusterInputStatesSchema, "Node id → the input states there.") },
});

const clusterStart = secureRoute(requires(CHANGE_STATE), {
  method: "put",
  path: "/cluster/inputstates/{inputId}",
  tags: TAGS,
  summary: "Start an input on every node",
  request: { params: InputId },
  responses: { 200: jsonContent(ClusterInputStateChangeSchema, "Node id → the input started."), ...noSuchInput },
});

const clusterStop = secureRoute(requires(CHANGE_STATE), {
  method: "delete",
  path: "/cluster/inputstates/{inputId}",
  tags: TAGS,
  summary: "Stop an input on every node",
  request: { params: InputId },
  responses: { 200: jsonContent(ClusterInputStateChangeSchema, "Node id → the input stopped."), ...noSuchInput },
});

/** System → Inputs (Graylog 5.1 `/system/inputs`, `/system/inputstates`, `/cluster/inputstates`). */
export function inputsApi() {
  return createApiRouter()
    .openapi(listTypes, (c) => {
      const types = c.get("backend").inputs.types();
      return c.json({ types: Object.fromEntries(types.map((type) => [type.type, type.name])) }, 200);
    })
    .openapi(allTypes, (c) => c.json(Object.fromEntries(c.get("backend").inputs.types().map((type) => [type.type, type])), 200))
    .openapi(getType, (c) => {
      const { inputType } = c.req.valid("param");
      const type = c.get("backend").inputs.types().find((candidate) => candidate.type === inputType);
      if (!type) throw notFound(`There is no such input type registered: ${inputType}`);
      return c.json(type, 200);
    })
    .openapi(listInputs, async (c) => {
      const inputs = await c.get("backend").inputs.list();
      return c.json({ inputs, total: inputs.length }, 200);
    })
    .openapi(getInput, async (c) => {
      const { inputId } = c.req.valid("param");
      const input = await c.get("backend").inputs.get(inputId);
      if (!input) throw noSuchInputError(inputId);
      return c.json(input, 200);
    })
    .openapi(createInput, async (c) => {
      const created = await refusalsAreBadRequests(c.get("backend").inputs.create(c.req.valid("json"), c.get("user")!.username));
      c.header("Location", `/system/inputs/${created.id}`);
      return c.json({ id: created.id }, 201);
    })
    .openapi(updateInput, async (c) => {
      const { inputId } = c.req.valid("param");
      const updated = await refusalsAreBadRequests(c.get("backend").inputs.update(inputId, c.req.valid("json")));
      if (!updated) throw noSuchInputError(inputId);
      return c.json({ id: updated.id }, 201);
    })
    .openapi(deleteInput, async (c) => {
      const { inputId } = c.req.valid("param");
      if (!(await c.get("backend").inputs.delete(inputId))) throw noSuchInputError(inputId);
      return c.body(null, 204);
    })
    .openapi(addStaticField, async (c) => {
      const { inputId } = c.req.valid("param");
      const { key, value } = c.req.valid("json");
      const input = await refusalsAreBadRequests(c.get("backend").inputs.addStaticField(inputId, key, value));
      if (!input) throw noSuchInputError(inputId);
      return c.body(null, 201);
    })
    .openapi(removeStaticField, async (c) => {
      const { inputId, key } = c.req.valid("param");
      if (!(await c.get("backend").inputs.removeStaticField(inputId, key))) {
        throw notFound(`Input ${inputId} has no static field ${key}`);
      }
      return c.body(null, 204);
    })
    .openapi(listStates, async (c) => c.json({ states: await c.get("backend").inputs.states() }, 200))
    .openapi(getState, async (c) => {
      const { inputId } = c.req.valid("param");
      const state = await c.get("backend").inputs.state(inputId);
      if (!state) throw noSuchInputError(inputId);
      return c.json(state, 200);
    })
    .openapi(startInput, async (c) => {
      const { inputId } = c.req.valid("param");
      if (!(await c.get("backend").inputs.start(inputId))) throw noSuchInputError(inputId);
      return c.json({ id: inputId }, 200);
    })
    .openapi(stopInput, async (c) => {
      const { inputId } = c.req.valid("param");
      if (!(await c.get("backend").inputs.stop(inputId))) throw noSuchInputError(inputId);
      return c.json({ id: inputId }, 200);
    })
    .openapi(clusterStates, async (c) => {
      const { inputs } = c.get("backend");
      return c.json({ [inputs.nodeId]: await inputs.states() }, 200);
    })
    .openapi(clusterStart, async (c) => {
      const { inputId } = c.req.valid("param");
      const { inputs } = c.get("backend");
      if (!(await inputs.start(inputId))) throw noSuchInputError(inputId);
      return c.json({ [inputs.nodeId]: { id: inputId } }, 200);
    })
    .openapi(clusterStop, async (c) => {
      const { inputId } = c.req.valid("param");
      const { inputs } = c.get("backend");
      if (!(await inputs.stop(inputId))) throw noSuchInputError(inputId);
      return c.json({ [inputs.nodeId]: { id: inputId } }, 200);
    });
}

function noSuchInputError(id: string): ApiError {
  return notFound(`Input <${id}> not found!`);
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
