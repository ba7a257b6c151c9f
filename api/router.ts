import { OpenAPIHono } from "@hono/zod-openapi";
import type { ZodError } from "zod";
import { ApiError } from "./errors.ts";

/** An OpenAPIHono whose request validation failures become 400 ApiErrors naming the field. */
export function createApiRouter(): OpenAPIHono {
  return new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError(400, describeValidationError(result.target, result.error));
    },
  });
}

const TARGET_NAMES: Record<string, string> = {
  json: "request body",
  query: "query parameter",
  param: "path parameter",
  header: "header",
  cookie: "cookie",
  form: "form field",
};

/** 'Invalid request body: username: username must not be empty; …' */
export function describeValidationError(target: string, error: ZodError): string {
  const where = TARGET_NAMES[target] ?? target;
  const problems = error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `Invalid ${where}: ${problems.join("; ")}`;
}
