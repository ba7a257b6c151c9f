import { z } from "@hono/zod-openapi";

/** POST /system/notification/message/{html|plaintext}/{type}[/{key}]: values the template may use. */
export const TemplateRenderRequestSchema = z
  .object({
    values: z.record(
      z.string().max(200),
      z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()], { error: "values must map names to strings, numbers or booleans" }),
    ).default({}),
  })
  .strict()
  .openapi("TemplateRenderRequest");

/** A rendered notification. */
export const TemplateRenderResponseSchema = z
  .object({ title: z.string(), description: z.string() })
  .openapi("TemplateRenderResponse");

export type TemplateValues = z.infer<typeof TemplateRenderRequestSchema>["values"];
