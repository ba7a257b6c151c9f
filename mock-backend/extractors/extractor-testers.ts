import type {
  ContainsStringTestRequest,
  ContainsStringTesterResponse,
  CutTesterResponse,
  ExtractorTesters,
  GrokTestRequest,
  GrokTesterResponse,
  JsonTestRequest,
  JsonTesterResponse,
  LookupTableTestRequest,
  LookupTableTesterResponse,
  RegexReplaceTestRequest,
  RegexReplaceTesterResponse,
  RegexTestRequest,
  RegexTesterResponse,
  RegexValidationResponse,
  SplitAndIndexTestRequest,
  SubstringTestRequest,
} from "../../api/schemas/extractor-testers.ts";
import type { LookupResult } from "../../api/schemas/lookup-tables.ts";
import { EXTRACTOR_KINDS, type Extraction, type ExtractorContext } from "./extractor-kinds.ts";

/** What the testers need from the backend: what extractors compile against, and a table lookup with its whole result. */
export interface ExtractorTesterEnvironment {
  context(): Promise<ExtractorContext>;
  lookup(table: string, key: string): LookupResult | null;
}

/** A tester context where no grok pattern or lookup table is needed. */
const PLAIN: ExtractorContext = { grokPatterns: new Map(), lookupTables: { hasTable: () => false, value: () => null } };

const matchOf = (extraction: Extraction | null) =>
  extraction && extraction.value !== null
    ? { match: String(extraction.value), start: extraction.span?.[0] ?? -1, end: extraction.span?.[1] ?? -1 }
    : null;

const cutOf = (extraction: Extraction | null): CutTesterResponse =>
  extraction && extraction.span
    ? { successful: true, cut: String(extraction.value), begin_index: extraction.span[0], end_index: extraction.span[1] }
    : { successful: false, cut: null, begin_index: -1, end_index: -1 };

/** The §7 Tools testers, each running the extractor kind the ingest chain runs on the same configuration. */
export class EmbeddedExtractorTesters implements ExtractorTesters {
  constructor(private readonly environment: ExtractorTesterEnvironment) {}

  async grok({ pattern, string, named_captures_only }: GrokTestRequest): Promise<GrokTesterResponse> {
    const extract = EXTRACTOR_KINDS.grok({ grok_pattern: pattern, named_captures_only }, await this.environment.context());
    const fields = extract(string)?.fields ?? null;
    return {
      matched: fields !== null,
      matches: Object.entries(fields ?? {}).map(([name, match]) => ({ name, match: String(match) })),
      pattern,
      string,
      error_message: null,
    };
  }

  json(request: JsonTestRequest): Promise<JsonTesterResponse> {
    const { string, ...config } = request;
    const fields = EXTRACTOR_KINDS.json(config, PLAIN)(string)?.fields ?? {};
    return Promise.resolve({
      matches: fields,
      flatten: request.flatten,
      list_separator: request.list_separator,
      key_separator: request.key_separator,
      kv_separator: request.kv_separator,
      string,
    });
  }

  regex({ regex, string }: RegexTestRequest): RegexTesterResponse {
    const match = matchOf(EXTRACTOR_KINDS.regex({ regex_value: regex }, PLAIN)(string));
    return { matched: match !== null, match, regex, string };
  }

  validateRegex(regex: string): RegexValidationResponse {
    try {
      new RegExp(regex);
      return { regex, is_valid: true, validation_message: null };
    } catch (error) {
      return { regex, is_valid: false, validation_message: (error as Error).message };
    }
  }

  regexReplace({ regex, replacement, replace_all, string }: RegexReplaceTestRequest): RegexReplaceTesterResponse {
    const match = matchOf(EXTRACTOR_KINDS.regex_replace({ regex, replacement, replace_all }, PLAIN)(string));
    return { matched: match !== null, match, regex, replacement, replace_all, string };
  }

  splitAndIndex({ split_by, index, string }: SplitAndIndexTestRequest): CutTesterResponse {
    return cutOf(EXTRACTOR_KINDS.split_and_index({ split_by, index }, PLAIN)(string));
  }

  substring({ start, end, string }: SubstringTestRequest): CutTesterResponse {
    return cutOf(EXTRACTOR_KINDS.substring({ begin_index: start, end_index: end }, PLAIN)(string));
  }

  containsString({ search_string, string }: ContainsStringTestRequest): ContainsStringTesterResponse {
    const start = string.indexOf(search_string);
    return {
      contains: start >= 0,
      match: start >= 0 ? { match: search_string, start, end: start + search_string.length } : null,
      search_string,
      string,
    };
  }

  lookupTable({ lookup_table_name, string }: LookupTableTestRequest): LookupTableTesterResponse {
    const result = this.environment.lookup(lookup_table_name, string);
    if (!result) {
      return { empty: true, error: true, error_message: `Lookup table <${lookup_table_name}> doesn't exist`, key: string, value: null };
    }
    return {
      empty: result.single_value === null && result.multi_value === null,
      error: result.has_error,
      error_message: result.has_error ? `The lookup of ${string} in ${lookup_table_name} failed` : "",
      key: string,
      value: result,
    };
  }
}
