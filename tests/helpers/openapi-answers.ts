/**
 * Checks an answer against the operation's entry in the OpenAPI document: its status is documented, its content
 * type is one documented for that status, and a JSON body validates against the documented schema (Ajv, JSON
 * Schema 2020-12 as OpenAPI 3.1 uses it).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import type { ApiAnswer } from "./api-harness.ts";
import type { OpenApiDocument, Operation } from "./openapi-operations.ts";
import type { JsonSchema } from "./schema-arbitrary.ts";

export interface AnswerChecker {
  /** What is wrong with the answer, or null when the document describes it. */
  problem(operation: Operation, answer: ApiAnswer): string | null;
  /** Whether a value is valid against a schema of the document (e.g. a generated request body). */
  isValid(schema: JsonSchema, value: unknown): boolean;
}

export function answerChecker(document: OpenApiDocument): AnswerChecker {
  // The document's own keywords (discriminator, x-…, formats) are not JSON Schema's business here.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const compiled = new Map<JsonSchema, ValidateFunction>();
  const validator = (schema: JsonSchema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      // `#/components/…` references resolve against this root, which carries the document's components.
      validate = ajv.compile({ ...schema, components: document.components });
      compiled.set(schema, validate);
    }
    return validate;
  };
  return {
    problem(operation, answer) {
      const status = String(answer.status);
      const content = operation.responseContent[status];
      if (!content) return `${operation.key} answered an undocumented ${status}: ${preview(answer.body)}`;
      const declared = Object.keys(content);
      if (declared.length === 0) return answer.body === null ? null : `${operation.key} ${status} should have no body`;
      const contentType = (answer.headers.get("Content-Type") ?? "").split(";")[0].trim();
      if (!declared.includes(contentType)) {
        return `${operation.key} ${status} answered ${contentType || "no content type"}, documented: ${declared.join(", ")}`;
      }
      if (contentType !== "application/json") return null;
      const validate = validator(content[contentType]);
      if (validate(answer.body)) return null;
      const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || "(root)"} ${e.message}`).join("; ");
      return `${operation.key} ${status} body does not match the document: ${errors}; body: ${preview(answer.body)}`;
    },
    isValid(schema, value) {
      return validator(schema)(value) as boolean;
    },
  };
}

const preview = (body: unknown) => JSON.stringify(body)?.slice(0, 300);
