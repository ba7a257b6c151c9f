/**
 * The grok pattern compiler: `%{NAME}`, `%{NAME:field}` and `%{NAME:field:type}` (also `;` as separator, as
 * Graylog's grok accepts) are expanded recursively from a dictionary of named patterns into one JavaScript
 * regular expression. Grok patterns, extractors and pipeline rules all compile through here.
 */

/** What a capture's value becomes (Graylog's grok types); `date`/`datetime` keep the text (no Java date formats). */
export const GROK_CAPTURE_TYPES = [
  "string",
  "byte",
  "short",
  "int",
  "integer",
  "long",
  "float",
  "double",
  "boolean",
  "date",
  "datetime",
] as const;
export type GrokCaptureType = (typeof GROK_CAPTURE_TYPES)[number];

/** A pattern cannot be compiled: an unknown or circular reference, or a regular expression JavaScript refuses. */
export class GrokError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GrokError";
  }
}

/** One `%{…}` of the expanded pattern: the regex group holding it and the key its value is reported under. */
interface GrokCapture {
  group: string;
  /** The pattern's name, e.g. `IPORHOST`. */
  pattern: string;
  /** The field name after the first separator, if any. */
  field: string | null;
  type: GrokCaptureType;
}

export interface GrokMatchOptions {
  /** Report only the `%{NAME:field}` captures, not the bare `%{NAME}` ones (keyed by pattern name). */
  namedCapturesOnly?: boolean;
}

export type GrokCaptures = Record<string, string | number | boolean>;

export interface CompiledGrok {
  /** The expanded regular expression. */
  readonly regex: RegExp;
  /** The captures of the first match anywhere in `text`, or null when it does not match. */
  match(text: string, options?: GrokMatchOptions): GrokCaptures | null;
}

export type GrokDictionary = ReadonlyMap<string, string>;

/** `%{NAME}`, `%{NAME:field}`, `%{NAME:field:type}`; a `;` may stand for any `:` after the name. */
const REFERENCE = /%\{(\w+)(?:[:;]([^:;}]+))?(?:[:;]([^:;}]+))?(?:[:;][^}]*)?\}/g;

/** Group names the expansion gives every reference (the user's own `(?<name>…)` groups keep theirs). */
const GROUP_PREFIX = "grok__";

/**
 * Compiles `pattern` against `dictionary` (pattern name → pattern). Throws a GrokError naming the unknown
 * reference, the circular chain, a capture type it does not know, or what JavaScript found wrong in the result.
 */
export function compileGrok(pattern: string, dictionary: GrokDictionary): CompiledGrok {
  const captures: GrokCapture[] = [];
  const expand = (text: string, chain: readonly string[]): string =>
    text.replace(REFERENCE, (_whole, name: string, field: string | undefined, type: string | undefined) => {
      if (chain.includes(name)) {
        throw new GrokError(`Circular grok pattern reference: ${[...chain, name].join(" → ")}`);
      }
      const definition = dictionary.get(name);
      if (definition === undefined) {
        const where = chain.length > 0 ? ` (used by ${chain[chain.length - 1]})` : "";
        throw new GrokError(`No grok pattern named ${name}${where}`);
      }
      const captureType = captureTypeOf(type, name);
      const group = `${GROUP_PREFIX}${captures.length}`;
      captures.push({ group, pattern: name, field: field?.trim() || null, type: captureType });
      return `(?<${group}>${expand(definition, [...chain, name])})`;
    });
  const source = toJavaScriptRegex(expand(pattern, []));
  let regex: RegExp;
  try {
    regex = new RegExp(source);
  } catch (error) {
    throw new GrokError(`Invalid regular expression: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    regex,
    match(text, { namedCapturesOnly = false } = {}) {
      const found = regex.exec(text);
      if (!found) return null;
      const result: GrokCaptures = {};
      for (const capture of captures) {
        const value = found.groups?.[capture.group];
        if (value === undefined) continue;
        if (namedCapturesOnly && capture.field === null) continue;
        const key = capture.field ?? capture.pattern;
        // The first value wins when one key is captured twice (e.g. two bare %{WORD}).
        if (!(key in result)) result[key] = convert(value, capture.type);
      }
      return result;
    },
  };
}

function captureTypeOf(type: string | undefined, name: string): GrokCaptureType {
  if (type === undefined) return "string";
  const normalized = type.trim().toLowerCase();
  if ((GROK_CAPTURE_TYPES as readonly string[]).includes(normalized)) return normalized as GrokCaptureType;
  throw new GrokError(`Unknown capture type '${type}' in %{${name}…}; known types: ${GROK_CAPTURE_TYPES.join(", ")}`);
}

/**
 * Java regex constructs of the stock patterns that JavaScript lacks: atomic groups `(?>…)` become plain
 * non-capturing groups (they only stop backtracking, which changes no match of the stock patterns).
 */
function toJavaScriptRegex(source: string): string {
  return source.replace(/(?<!\\)\(\?>/g, "(?:");
}

const INTEGER_TYPES: ReadonlySet<GrokCaptureType> = new Set(["byte", "short", "int", "integer", "long"]);

function convert(value: string, type: GrokCaptureType): string | number | boolean {
  if (INTEGER_TYPES.has(type)) {
    const number = Number.parseInt(value, 10);
    return Number.isNaN(number) ? value : number;
  }
  if (type === "float" || type === "double") {
    const number = Number.parseFloat(value);
    return Number.isNaN(number) ? value : number;
  }
  if (type === "boolean") return value.trim().toLowerCase() === "true";
  return value;
}
