import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors.ts";

export interface RequestGuardOptions {
  /** The largest request body accepted, in bytes; a larger one is refused with 413. */
  maxBodyBytes: number;
  /** How deep arrays and objects of a JSON body may nest; deeper bodies are refused with 400. */
  maxJsonDepth: number;
}

/** 10 MB bodies (Graylog's default HTTP max content length is larger, but no call of ours needs more). */
export const DEFAULT_REQUEST_LIMITS: RequestGuardOptions = { maxBodyBytes: 10 * 1024 * 1024, maxJsonDepth: 64 };

/**
 * The door of `/api`: reads each request body once, within a size limit, and refuses what no route should ever
 * see: bodies over the size limit (413), bytes that are not UTF-8, JSON nested deeper than the limit, and JSON
 * strings holding an unpaired UTF-16 surrogate (`"\udfff"`), which DuckDB refuses with an internal error. The
 * routes then read the checked body as usual.
 */
export function guardRequests({ maxBodyBytes, maxJsonDepth }: RequestGuardOptions): MiddlewareHandler {
  return async function guardRequests(c, next) {
    const raw = c.req.raw;
    if (raw.body) {
      const declared = Number(raw.headers.get("Content-Length") ?? "0");
      if (declared > maxBodyBytes) throw tooLarge(maxBodyBytes);
      const bytes = await readAtMost(raw.body, maxBodyBytes);
      if (!bytes) throw tooLarge(maxBodyBytes);
      if (bytes.length > 0) {
        const text = decodeUtf8(bytes);
        if (/json/i.test(raw.headers.get("Content-Type") ?? "")) {
          const problem = jsonTextProblem(text, maxJsonDepth);
          if (problem) throw new ApiError(400, `Invalid request body: ${problem}`);
        }
      }
      c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: bytes });
    }
    await next();
  };
}

const tooLarge = (maxBodyBytes: number) =>
  new ApiError(413, `Request body too large: at most ${maxBodyBytes} bytes are accepted.`);

/** The whole body, or null as soon as it grows past `limit` bytes (the rest is not read). */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ApiError(400, "Invalid request body: it is not valid UTF-8 text.");
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * What makes a JSON text unacceptable before it is parsed, or null: nesting deeper than `maxDepth` (a recursive
 * parse or validation of 10,000 nested arrays overflows the stack) or a `\uXXXX` escape that leaves a surrogate
 * unpaired. One pass, no recursion; syntax errors are left to the JSON parser.
 */
export function jsonTextProblem(text: string, maxDepth: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (!inString) {
      if (char === 0x22) inString = true;
      else if (char === 0x5b || char === 0x7b) {
        if (++depth > maxDepth) return `arrays and objects nest deeper than ${maxDepth} levels (at position ${i}).`;
      } else if (char === 0x5d || char === 0x7d) depth--;
      continue;
    }
    if (char === 0x22) inString = false;
    else if (char === 0x5c) {
      if (text[i + 1] !== "u") {
        i++;
        continue;
      }
      const code = escapedCodeUnit(text, i);
      if (code === null) {
        i++;
        continue;
      }
      if (isLowSurrogate(code)) return unpaired(text, i);
      if (isHighSurrogate(code)) {
        const next = text[i + 6] === "\\" && text[i + 7] === "u" ? escapedCodeUnit(text, i + 6) : null;
        if (next === null || !isLowSurrogate(next)) return unpaired(text, i);
        i += 6;
      }
      i += 5;
    }
  }
  return null;
}

/** The code unit of the `\uXXXX` escape at `at`, or null when it is not one (the JSON parser will say so). */
function escapedCodeUnit(text: string, at: number): number | null {
  const hex = text.slice(at + 2, at + 6);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : null;
}

const unpaired = (text: string, at: number) =>
  `a string holds an unpaired UTF-16 surrogate (${text.slice(at, at + 6)} at position ${at}); strings must be valid Unicode.`;
