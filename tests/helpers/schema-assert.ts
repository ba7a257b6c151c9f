/** Asserts that a response body matches its zod wire schema, with the zod issues in the failure message. */
import type { z } from "zod";

export function assertSchema<T extends z.ZodType>(schema: T, body: unknown, what = "response body"): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new Error(`${what} does not match its schema:\n  ${issues.join("\n  ")}\nbody: ${JSON.stringify(body)}`);
  }
  return result.data;
}
