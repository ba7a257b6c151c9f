import { z } from "@hono/zod-openapi";
import { LookupResultSchema } from "./lookup-tables.ts";

/**
 * The extractor testers of §7 Tools (Graylog 5.1 `/tools/*_tester`): the extractor pages try a configuration
 * against an example message with them. Each runs the extractor kind the ingest chain runs, so a try shows
 * what storing would do.
 */

const testString = z.string({ message: "string is required" }).max(100_000, "string must be at most 100000 characters");
const pattern = (name: string) => z.string({ message: `${name} is required` }).min(1, `${name} must not be empty`).max(10_000, `${name} must be at most 10000 characters`);

/** Where a tester found its value in the string (Graylog's `RegexTesterResponse.Match`). */
export const TesterMatchSchema = z.object({ match: z.string(), start: z.number().int(), end: z.number().int() }).openapi("TesterMatch");

export const GrokTestRequestSchema = z
  .object({ pattern: pattern("pattern"), string: testString, named_captures_only: z.boolean({ message: "named_captures_only must be a boolean" }).default(false) })
  .strict()
  .openapi("GrokTestRequest");
export const GrokTesterResponseSchema = z
  .object({
    matched: z.boolean(),
    matches: z.array(z.object({ name: z.string(), match: z.string() })),
    pattern: z.string(),
    string: z.string(),
    error_message: z.string().nullable(),
  })
  .openapi("GrokTesterResponse");

const separator = (name: string, fallback: string) => z.string({ message: `${name} must be a string` }).max(100, `${name} must be at most 100 characters`).default(fallback);
export const JsonTestRequestSchema = z
  .object({
    string: testString,
    flatten: z.boolean({ message: "flatten must be a boolean" }).default(false),
    list_separator: separator("list_separator", ", "),
    key_separator: separator("key_separator", "_"),
    kv_separator: separator("kv_separator", "="),
    replace_key_whitespace: z.boolean({ message: "replace_key_whitespace must be a boolean" }).default(false),
    key_whitespace_replacement: separator("key_whitespace_replacement", "_"),
    key_prefix: separator("key_prefix", ""),
  })
  .strict()
  .openapi("JsonTestRequest");
export const JsonTesterResponseSchema = z
  .object({
    matches: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    flatten: z.boolean(),
    list_separator: z.string(),
    key_separator: z.string(),
    kv_separator: z.string(),
    string: z.string(),
  })
  .openapi("JsonTesterResponse");

export const RegexTestRequestSchema = z.object({ regex: pattern("regex"), string: testString }).strict().openapi("RegexTestRequest");
export const RegexTesterResponseSchema = z
  .object({ matched: z.boolean(), match: TesterMatchSchema.nullable(), regex: z.string(), string: z.string() })
  .openapi("RegexTesterResponse");

export const RegexValidationResponseSchema = z
  .object({ regex: z.string(), is_valid: z.boolean(), validation_message: z.string().nullable() })
  .openapi("RegexValidationResponse");

export const RegexReplaceTestRequestSchema = z
  .object({
    regex: pattern("regex"),
    replacement: z.string({ message: "replacement is required" }).max(10_000, "replacement must be at most 10000 characters"),
    replace_all: z.boolean({ message: "replace_all must be a boolean" }).default(false),
    string: testString,
  })
  .strict()
  .openapi("RegexReplaceTestRequest");
export const RegexReplaceTesterResponseSchema = z
  .object({
    matched: z.boolean(),
    match: TesterMatchSchema.nullable(),
    regex: z.string(),
    replacement: z.string(),
    replace_all: z.boolean(),
    string: z.string(),
  })
  .openapi("RegexReplaceTesterResponse");

export const SplitAndIndexTestRequestSchema = z
  .object({
    split_by: z.string({ message: "split_by is required" }).min(1, "split_by must not be empty").max(100, "split_by must be at most 100 characters"),
    index: z.number({ message: "index must be a number" }).int("index must be an integer").min(1, "index must be 1 or more"),
    string: testString,
  })
  .strict()
  .openapi("SplitAndIndexTestRequest");
export const SubstringTestRequestSchema = z
  .object({
    start: z.number({ message: "start must be a number" }).int("start must be an integer").min(0, "start must be 0 or more"),
    end: z.number({ message: "end must be a number" }).int("end must be an integer").min(1, "end must be 1 or more"),
    string: testString,
  })
  .strict()
  .openapi("SubstringTestRequest");
/** The split-and-index and substring testers' answer: the cut and where it was. */
export const CutTesterResponseSchema = z
  .object({ successful: z.boolean(), cut: z.string().nullable(), begin_index: z.number().int(), end_index: z.number().int() })
  .openapi("CutTesterResponse");

export const ContainsStringTestRequestSchema = z
  .object({ search_string: pattern("search_string"), string: testString })
  .strict()
  .openapi("ContainsStringTestRequest");
export const ContainsStringTesterResponseSchema = z
  .object({ contains: z.boolean(), match: TesterMatchSchema.nullable(), search_string: z.string(), string: z.string() })
  .openapi("ContainsStringTesterResponse");

export const LookupTableTestRequestSchema = z
  .object({ lookup_table_name: pattern("lookup_table_name"), string: testString })
  .strict()
  .openapi("LookupTableTestRequest");
export const LookupTableTesterResponseSchema = z
  .object({ empty: z.boolean(), error: z.boolean(), error_message: z.string(), key: z.string(), value: z.union([LookupResultSchema, z.null()]) })
  .openapi("LookupTableTesterResponse");

export type GrokTestRequest = z.infer<typeof GrokTestRequestSchema>;
export type GrokTesterResponse = z.infer<typeof GrokTesterResponseSchema>;
export type JsonTestRequest = z.infer<typeof JsonTestRequestSchema>;
export type JsonTesterResponse = z.infer<typeof JsonTesterResponseSchema>;
export type RegexTestRequest = z.infer<typeof RegexTestRequestSchema>;
export type RegexTesterResponse = z.infer<typeof RegexTesterResponseSchema>;
export type RegexValidationResponse = z.infer<typeof RegexValidationResponseSchema>;
export type RegexReplaceTestRequest = z.infer<typeof RegexReplaceTestRequestSchema>;
export type RegexReplaceTesterResponse = z.infer<typeof RegexReplaceTesterResponseSchema>;
export type SplitAndIndexTestRequest = z.infer<typeof SplitAndIndexTestRequestSchema>;
export type SubstringTestRequest = z.infer<typeof SubstringTestRequestSchema>;
export type CutTesterResponse = z.infer<typeof CutTesterResponseSchema>;
export type ContainsStringTestRequest = z.infer<typeof ContainsStringTestRequestSchema>;
export type ContainsStringTesterResponse = z.infer<typeof ContainsStringTesterResponseSchema>;
export type LookupTableTestRequest = z.infer<typeof LookupTableTestRequestSchema>;
export type LookupTableTesterResponse = z.infer<typeof LookupTableTesterResponseSchema>;

/** The testers; a configuration that does not compile throws EntityValidationError (a 400 with its text). */
export interface ExtractorTesters {
  grok(request: GrokTestRequest): Promise<GrokTesterResponse>;
  json(request: JsonTestRequest): Promise<JsonTesterResponse>;
  regex(request: RegexTestRequest): RegexTesterResponse;
  validateRegex(regex: string): RegexValidationResponse;
  regexReplace(request: RegexReplaceTestRequest): RegexReplaceTesterResponse;
  splitAndIndex(request: SplitAndIndexTestRequest): CutTesterResponse;
  substring(request: SubstringTestRequest): CutTesterResponse;
  containsString(request: ContainsStringTestRequest): ContainsStringTesterResponse;
  lookupTable(request: LookupTableTestRequest): LookupTableTesterResponse;
}
