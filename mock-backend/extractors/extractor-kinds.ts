import type { ExtractorType } from "../../api/schemas/extractors.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import { compileGrok, GrokError, type GrokDictionary } from "../../shared/grok/grok-compiler.ts";
import type { FieldValue } from "../store/incoming-message.ts";

/** What one extraction found: a value for the target field (or several fields), and the span to cut. */
export interface Extraction {
  /** One value for the target field, or fields by name (json, grok). */
  value: FieldValue | null;
  fields: Record<string, FieldValue> | null;
  /** The part of the source that was extracted (removed from the source by the cut strategy). */
  span: [number, number] | null;
}

export type Extract = (source: string) => Extraction | null;

/** The lookup tables extractors and converters read (the pipelines' live tables). */
export interface ExtractorLookupTables {
  hasTable(name: string): boolean;
  /** The single value for `key`, the table's default when the key is unknown; null when there is neither. */
  value(name: string, key: string): FieldValue | null;
}

export interface ExtractorContext {
  grokPatterns: GrokDictionary;
  lookupTables: ExtractorLookupTables;
}

type Config = Record<string, unknown>;

const text = (config: Config, name: string, required = true): string => {
  const value = config[name];
  if (typeof value === "string" && (value !== "" || !required)) return value;
  if (value === undefined && !required) return "";
  throw new EntityValidationError(`extractor_config.${name} is required`);
};

const integer = (config: Config, name: string): number => {
  const value = typeof config[name] === "string" ? Number(config[name]) : config[name];
  if (typeof value !== "number" || !Number.isInteger(value)) throw new EntityValidationError(`extractor_config.${name} must be an integer`);
  return value;
};

const flag = (config: Config, name: string, fallback: boolean): boolean =>
  typeof config[name] === "boolean" ? config[name] as boolean : fallback;

function regexOf(config: Config, name: string, flags = ""): RegExp {
  const source = text(config, name);
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw new EntityValidationError(`extractor_config.${name} is not a valid regular expression: ${(error as Error).message}`);
  }
}

const single = (value: FieldValue, span: [number, number] | null): Extraction => ({ value, fields: null, span });

/** How each extractor type reads its configuration and extracts from the source field's text. */
export const EXTRACTOR_KINDS: Record<ExtractorType, (config: Config, context: ExtractorContext) => Extract> = {
  copy_input: () => (source) => single(source, [0, source.length]),
  regex: (config) => {
    const regex = regexOf(config, "regex_value");
    return (source) => {
      const match = regex.exec(source);
      if (!match || match[1] === undefined) return null;
      const start = match.index + match[0].indexOf(match[1]);
      return single(match[1], [start, start + match[1].length]);
    };
  },
  regex_replace: (config) => {
    const replaceAll = flag(config, "replace_all", false);
    const regex = regexOf(config, "regex", replaceAll ? "g" : "");
    const replacement = text(config, "replacement", false).replace(/\$(\d)/g, "$$$1");
    return (source) => (regex.test(source) ? single(source.replace(regex, replacement), null) : null);
  },
  split_and_index: (config) => {
    const splitBy = text(config, "split_by");
    const index = integer(config, "index");
    if (index < 1) throw new EntityValidationError("extractor_config.index must be 1 or more");
    return (source) => {
      const parts = source.split(splitBy);
      const part = parts[index - 1];
      if (part === undefined) return null;
      const start = parts.slice(0, index - 1).reduce((sum, p) => sum + p.length + splitBy.length, 0);
      return single(part, [start, start + part.length]);
    };
  },
  substring: (config) => {
    const begin = integer(config, "begin_index");
    const end = integer(config, "end_index");
    if (begin < 0 || end <= begin) throw new EntityValidationError("extractor_config.end_index must be greater than begin_index");
    return (source) => (source.length < end ? null : single(source.slice(begin, end), [begin, end]));
  },
  json: (config) => {
    const flatten = flag(config, "flatten", false);
    const listSeparator = text(config, "list_separator", false) || ", ";
    const keySeparator = text(config, "key_separator", false) || "_";
    const kvSeparator = text(config, "kv_separator", false) || "=";
    const prefix = text(config, "key_prefix", false);
    const replaceWhitespace = flag(config, "replace_key_whitespace", false);
    const whitespaceReplacement = text(config, "key_whitespace_replacement", false) || "_";
    const key = (name: string) => prefix + (replaceWhitespace ? name.replace(/\s/g, whitespaceReplacement) : name);
    return (source) => {
      let document: unknown;
      try {
        document = JSON.parse(source);
      } catch {
        return null;
      }
      if (typeof document !== "object" || document === null || Array.isArray(document)) return null;
      const fields: Record<string, FieldValue> = {};
      const put = (name: string, value: unknown) => {
        if (value === null || value === undefined) return;
        if (Array.isArray(value)) fields[key(name)] = value.map((item) => typeof item === "object" ? JSON.stringify(item) : String(item)).join(listSeparator);
        else if (typeof value === "object") {
          if (flatten) {
            fields[key(name)] = Object.entries(value).map(([k, v]) => `${k}${kvSeparator}${typeof v === "object" ? JSON.stringify(v) : v}`).join(listSeparator);
          } else for (const [k, v] of Object.entries(value)) put(`${name}${keySeparator}${k}`, v);
        } else fields[key(name)] = value as FieldValue;
      };
      for (const [name, value] of Object.entries(document)) put(name, value);
      return { value: null, fields, span: [0, source.length] };
    };
  },
  grok: (config, context) => {
    let grok;
    try {
      grok = compileGrok(text(config, "grok_pattern"), context.grokPatterns);
    } catch (error) {
      if (error instanceof GrokError) throw new EntityValidationError(`extractor_config.grok_pattern: ${error.message}`);
      throw error;
    }
    const namedCapturesOnly = flag(config, "named_captures_only", false);
    return (source) => {
      const captures = grok.match(source, { namedCapturesOnly });
      return captures ? { value: null, fields: captures, span: null } : null;
    };
  },
  lookup_table: (config, context) => {
    const table = text(config, "lookup_table_name");
    if (!context.lookupTables.hasTable(table)) throw new EntityValidationError(`extractor_config.lookup_table_name: no lookup table ${table}`);
    return (source) => {
      const found = context.lookupTables.value(table, source);
      return found === null ? null : single(found, [0, source.length]);
    };
  },
};
