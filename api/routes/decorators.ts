import { z } from "@hono/zod-openapi";
import { AUTHENTICATED, requires } from "../access.ts";
import { badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import type { Backend } from "../schemas/backend.ts";
import {
  AvailableDecoratorsSchema,
  type ConfigurationFieldDefinition,
  type DecoratorBody,
  DecoratorBodySchema,
  DecoratorListSchema,
  DecoratorSchema,
} from "../schemas/decorators.ts";
import { MAX_CONFIG_LIST_ITEMS, MAX_CONFIG_TEXT_LENGTH } from "../schemas/configuration-bounds.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const DecoratorId = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, "id must be a 24-character hex ObjectId"),
});
const noSuchDecorator = { 404: jsonContent(ApiErrorSchema, "No such decorator.") };

// Reading decorators is part of searching (Graylog asks only for a signed-in user); changes need decorators:*.
const listDecorators = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/search/decorators",
  tags: ["Decorators"],
  summary: "Every decorator (stream null = the default search), by stream and order",
  responses: { 200: jsonContent(DecoratorListSchema, "The decorators.") },
});

const availableDecorators = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/search/decorators/available",
  tags: ["Decorators"],
  summary: "The decorator types with their names, descriptions and requested configuration",
  responses: { 200: jsonContent(AvailableDecoratorsSchema, "Type id → type info.") },
});

const createDecorator = secureRoute(requires("decorators:create"), {
  method: "post",
  path: "/search/decorators",
  tags: ["Decorators"],
  summary: "Add a decorator to a stream's searches (or the default search)",
  request: { body: jsonBody(DecoratorBodySchema) },
  responses: { 200: jsonContent(DecoratorSchema, "The stored decorator with its id.") },
});

const updateDecorator = secureRoute(requires("decorators:edit"), {
  method: "put",
  path: "/search/decorators/{id}",
  tags: ["Decorators"],
  summary: "Change a decorator's type, configuration, stream or order",
  request: { params: DecoratorId, body: jsonBody(DecoratorBodySchema) },
  responses: { 200: jsonContent(DecoratorSchema, "The stored decorator."), ...noSuchDecorator },
});

const deleteDecorator = secureRoute(requires("decorators:delete"), {
  method: "delete",
  path: "/search/decorators/{id}",
  tags: ["Decorators"],
  summary: "Remove a decorator",
  request: { params: DecoratorId },
  responses: { ...NoContent, ...noSuchDecorator },
});

/** Search decorators (spec 001 §3 'Decorator', §7): administration of the decorators search results get. */
export function decoratorsApi() {
  return createApiRouter()
    .openapi(listDecorators, async (c) => c.json(await c.get("backend").decorators.list(), 200))
    .openapi(availableDecorators, async (c) => c.json(await c.get("backend").decorators.available(), 200))
    .openapi(createDecorator, async (c) => {
      const backend = c.get("backend");
      const body = await checkedBody(backend, c.req.valid("json"));
      return c.json(await backend.decorators.create(body), 200);
    })
    .openapi(updateDecorator, async (c) => {
      const backend = c.get("backend");
      const { id } = c.req.valid("param");
      const body = await checkedBody(backend, c.req.valid("json"));
      const stored = await backend.decorators.update(id, body);
      if (!stored) throw notFound(`No decorator with id ${id}`);
      return c.json(stored, 200);
    })
    .openapi(deleteDecorator, async (c) => {
      const { id } = c.req.valid("param");
      if (!(await c.get("backend").decorators.delete(id))) throw notFound(`No decorator with id ${id}`);
      return c.body(null, 204);
    });
}

/**
 * The body with a known type, an existing stream and a configuration that fits the type's requested
 * configuration: required fields set, values of the field's kind, dropdown values among the offered ones.
 * Keys the type does not ask for are dropped; missing optional ones get their defaults.
 */
async function checkedBody(backend: Backend, body: DecoratorBody): Promise<DecoratorBody> {
  const types = await backend.decorators.available();
  // Own keys only: "constructor" or "__proto__" are no decorator types.
  const type = Object.hasOwn(types, body.type) ? types[body.type] : undefined;
  if (!type) {
    throw badRequest(
      `Invalid request body: type: Unknown decorator type '${body.type}'; known types: ${
        Object.keys(types).join(", ")
      }`,
    );
  }
  if (body.stream !== null && !(await backend.search.streams()).some((stream) => stream.id === body.stream)) {
    throw badRequest(`Invalid request body: stream: No stream with id ${body.stream}`);
  }
  const config: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, field] of Object.entries(type.requested_configuration)) {
    const value = body.config[name] ?? field.default_value;
    const problem = configurationProblem(field, value);
    if (problem) problems.push(`config.${name}: ${problem}`);
    else config[name] = value;
  }
  if (problems.length > 0) throw badRequest(`Invalid request body: ${problems.join("; ")}`);
  return { ...body, config };
}

function tooLong(field: ConfigurationFieldDefinition, text: string): string | null {
  return text.length > MAX_CONFIG_TEXT_LENGTH ? `${field.human_name} must be at most ${MAX_CONFIG_TEXT_LENGTH} characters` : null;
}

/** What is wrong with one configuration value, or null when it fits its field. */
function configurationProblem(field: ConfigurationFieldDefinition, value: unknown): string | null {
  const missing = value === undefined || value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0);
  if (missing) {
    return field.is_optional || field.type === "boolean" ? null : `${field.human_name} is required`;
  }
  const offered = field.additional_info.values;
  switch (field.type) {
    case "text":
    case "inline_binary":
      if (typeof value !== "string") return `${field.human_name} must be text`;
      return tooLong(field, value);
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? null
        : `${field.human_name} must be a number`;
    case "boolean":
      return typeof value === "boolean" ? null : `${field.human_name} must be true or false`;
    case "dropdown":
      if (typeof value !== "string") return `${field.human_name} must be text`;
      return !offered || value in offered
        ? null
        : `${field.human_name} must be one of ${Object.keys(offered).join(", ")}`;
    case "list":
      if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
        return `${field.human_name} must be a list of text`;
      }
      if (value.length > MAX_CONFIG_LIST_ITEMS) return `${field.human_name} must hold at most ${MAX_CONFIG_LIST_ITEMS} entries`;
      return value.map((item: string) => tooLong(field, item)).find((problem) => problem !== null) ?? null;
  }
}
