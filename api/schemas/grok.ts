import { z } from "@hono/zod-openapi";
import { type EntityPage, type PageRequest, paginatedListSchema } from "./paginated.ts";

/** Grok patterns (spec 002: System → Grok Patterns; Graylog 5.1 `/system/grok`). */

const ObjectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hex ObjectId");

/** A stored grok pattern (Graylog's `GrokPattern`). */
export const GrokPatternSchema = z
  .object({
    id: ObjectIdSchema,
    name: z.string(),
    pattern: z.string(),
    content_pack: z.string().nullable(),
  })
  .openapi("GrokPattern");
export type GrokPattern = z.infer<typeof GrokPatternSchema>;

/** A name is what `%{NAME}` refers to: letters, digits and underscores (the pattern file's `\w+`). */
export const GrokPatternNameSchema = z
  .string({ message: "name is required" })
  .min(1, "name must not be empty")
  .max(200, "name must be at most 200 characters")
  .regex(/^\w+$/, "name may contain only letters, digits and underscores");

export const GrokPatternTextSchema = z
  .string({ message: "pattern is required" })
  .min(1, "pattern must not be empty")
  .max(20_000, "pattern must be at most 20000 characters");

/** POST/PUT body; an `id` or `content_pack` sent back unchanged is accepted and ignored (Graylog ignores the id). */
export const GrokPatternBodySchema = z
  .object({
    name: GrokPatternNameSchema,
    pattern: GrokPatternTextSchema,
    id: z.string().max(100).nullish(),
    content_pack: z.string().max(200).nullish(),
  })
  .strict()
  .openapi("GrokPatternBody");
export type GrokPatternBody = z.infer<typeof GrokPatternBodySchema>;

/** GET /system/grok and the body of PUT /system/grok (Graylog's `GrokPatternList`). */
export const GrokPatternListSchema = z.object({ patterns: z.array(GrokPatternSchema) }).openapi("GrokPatternList");

export const GrokPatternImportSchema = z
  .object({
    patterns: z.array(GrokPatternBodySchema, { message: "patterns must be a list of {name, pattern}" })
      .max(10_000, "patterns must hold at most 10000 patterns"),
  })
  .strict()
  .openapi("GrokPatternImport");

/** What an import does with the patterns already stored (Graylog's `ImportStrategy`). */
export const GROK_IMPORT_STRATEGIES = ["ABORT_ON_CONFLICT", "REPLACE_ON_CONFLICT", "DROP_ALL_EXISTING"] as const;
export type GrokImportStrategy = (typeof GROK_IMPORT_STRATEGIES)[number];

export const GrokImportQuerySchema = z.object({
  /** Deprecated in Graylog 5.1 but still read: true drops every stored pattern first. */
  replace: z.enum(["true", "false"], { message: "replace must be true or false" }).default("false"),
  "import-strategy": z.enum(GROK_IMPORT_STRATEGIES, { message: `import-strategy must be one of ${GROK_IMPORT_STRATEGIES.join(", ")}` })
    .optional(),
});

/** POST /system/grok/test (Graylog's `GrokPatternTestRequest`). */
export const GrokPatternTestRequestSchema = z
  .object({
    grok_pattern: z.object({
      name: GrokPatternNameSchema,
      pattern: GrokPatternTextSchema,
      id: z.string().max(100).nullish(),
      content_pack: z.string().max(200).nullish(),
    }, { message: "grok_pattern must be an object with name and pattern" }).strict(),
    sample_data: z.string({ message: "sample_data is required" }).max(100_000, "sample_data must be at most 100000 characters"),
  })
  .strict()
  .openapi("GrokPatternTestRequest");
export type GrokPatternTestRequest = z.infer<typeof GrokPatternTestRequestSchema>;

/** The captures of a test: key (field or pattern name) → value; empty when the sample does not match. */
export const GrokPatternTestResultSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .openapi("GrokPatternTestResult");
export type GrokPatternTestResult = z.infer<typeof GrokPatternTestResultSchema>;

export const GROK_SORT_FIELDS = ["name", "id"] as const;
export type GrokSortField = (typeof GROK_SORT_FIELDS)[number];

/** GET /system/grok/paginated: the patterns under `patterns`, as Graylog 5.1 answers. */
export const GrokPatternPageSchema = paginatedListSchema("patterns", GrokPatternSchema).openapi("GrokPatternPage");
export type GrokPatternPage = z.infer<typeof GrokPatternPageSchema>;

/**
 * The grok patterns of a backend. Writes throw EntityValidationError (api/schemas/paginated.ts) with the text
 * the user sees: a duplicate name, a pattern that does not compile, an import that conflicts.
 */
export interface GrokPatternStore {
  all(): Promise<GrokPattern[]>;
  page(request: PageRequest<GrokSortField>): Promise<EntityPage<GrokPattern>>;
  get(id: string): Promise<GrokPattern | null>;
  create(body: GrokPatternBody): Promise<GrokPattern>;
  /** Null when there is no such pattern. */
  update(id: string, body: GrokPatternBody): Promise<GrokPattern | null>;
  /** False when there was no such pattern. */
  delete(id: string): Promise<boolean>;
  /** Stores all or none. */
  importAll(patterns: readonly GrokPatternBody[], strategy: GrokImportStrategy): Promise<void>;
  /** Compiles `pattern` among the stored ones and matches the sample. */
  test(pattern: { name: string; pattern: string }, sample: string): Promise<GrokPatternTestResult>;
}
