import { z } from "@hono/zod-openapi";
import { AUTHENTICATED } from "../access.ts";
import { badRequest } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import {
  ContainsStringTestRequestSchema,
  ContainsStringTesterResponseSchema,
  CutTesterResponseSchema,
  GrokTestRequestSchema,
  GrokTesterResponseSchema,
  JsonTestRequestSchema,
  JsonTesterResponseSchema,
  LookupTableTestRequestSchema,
  LookupTableTesterResponseSchema,
  RegexReplaceTestRequestSchema,
  RegexReplaceTesterResponseSchema,
  RegexTestRequestSchema,
  RegexTesterResponseSchema,
  RegexValidationResponseSchema,
  SplitAndIndexTestRequestSchema,
  SubstringTestRequestSchema,
} from "../schemas/extractor-testers.ts";
import { EntityValidationError } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

const TAGS = ["Tools"];

const tester = <B extends z.ZodType, R extends z.ZodType>(path: `/tools/${string}`, summary: string, body: B, answer: R) =>
  secureRoute(AUTHENTICATED, {
    method: "post",
    path,
    tags: TAGS,
    summary,
    request: { body: jsonBody(body) },
    responses: { 200: jsonContent(answer, "What the extractor would find in the string.") },
  });

const grokTester = tester("/tools/grok_tester", "Try a grok pattern on a string", GrokTestRequestSchema, GrokTesterResponseSchema);
const jsonTester = tester("/tools/json_tester", "Try the JSON extractor on a string", JsonTestRequestSchema, JsonTesterResponseSchema);
const regexTester = tester("/tools/regex_tester", "Try a regular expression (its first group) on a string", RegexTestRequestSchema, RegexTesterResponseSchema);
const regexReplaceTester = tester("/tools/regex_replace_tester", "Try a regex replacement on a string", RegexReplaceTestRequestSchema, RegexReplaceTesterResponseSchema);
const splitAndIndexTester = tester("/tools/split_and_index_tester", "Split a string and take one part", SplitAndIndexTestRequestSchema, CutTesterResponseSchema);
const substringTester = tester("/tools/substring_tester", "Cut a part of a string by position", SubstringTestRequestSchema, CutTesterResponseSchema);
const containsStringTester = tester("/tools/contains_string_tester", "Whether a string contains another (the extractor condition)", ContainsStringTestRequestSchema, ContainsStringTesterResponseSchema);
const lookupTableTester = tester("/tools/lookup_table_tester", "Look a string up in a lookup table", LookupTableTestRequestSchema, LookupTableTesterResponseSchema);

const regexValidate = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/tools/regex_tester/validate",
  tags: TAGS,
  summary: "Whether a regular expression compiles",
  request: { query: z.object({ regex: z.string({ message: "regex is required" }).max(10_000, "regex must be at most 10000 characters") }) },
  responses: { 200: jsonContent(RegexValidationResponseSchema, "Valid or not, with the reason.") },
});

/** The extractor testers of §7 Tools (Graylog 5.1 `/tools/*_tester`). */
export function extractorTestersApi() {
  return createApiRouter()
    .openapi(regexValidate, (c) => c.json(c.get("backend").extractorTesters.validateRegex(c.req.valid("query").regex), 200))
    .openapi(grokTester, async (c) => c.json(await refusals(() => c.get("backend").extractorTesters.grok(c.req.valid("json"))), 200))
    .openapi(jsonTester, async (c) => c.json(await refusals(() => c.get("backend").extractorTesters.json(c.req.valid("json"))), 200))
    .openapi(regexTester, async (c) => c.json(await refusals(() => c.get("backend").extractorTesters.regex(c.req.valid("json"))), 200))
    .openapi(regexReplaceTester, async (c) => c.json(await refusals(() => c.get("backend").extractorTesters.regexReplace(c.req.valid("json"))), 200))
    .openapi(splitAndIndexTester, async (c) => c.json(await refusals(() => c.get("backend").extractorTesters.splitAndIndex(c.req.valid("json"))), 200))
    .openapi(substringTester, async (c) => c.json(await refusals(() => c.get("backend").extractorTesters.substring(c.req.valid("json"))), 200))
    .openapi(containsStringTester, async (c) => c.json(await refusals(() => c.get("backend").extractorTesters.containsString(c.req.valid("json"))), 200))
    .openapi(lookupTableTester, async (c) => c.json(await refusals(() => c.get("backend").extractorTesters.lookupTable(c.req.valid("json"))), 200));
}

/** A configuration that does not compile (a bad regex, an unknown grok pattern) is the caller's to fix: 400 with its text. */
async function refusals<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}
