import { JSONPath } from "jsonpath-plus";
import { decoded, type DecodeResult, type InputCodec, malformed } from "./input-codec.ts";

const text = new TextDecoder();

/**
 * Graylog's JSON path codec: the value a JSON path selects from a polled response becomes one message from the
 * configured source, its text "JSON API poll result: {path} -> {value}" and the value in the field `result`.
 */
export class JsonPathCodec implements InputCodec {
  constructor(private readonly options: { path: string; source: string }) {}

  decode(frame: Uint8Array, remoteIp: string, now: number): DecodeResult {
    let json: unknown;
    try {
      json = JSON.parse(text.decode(frame));
    } catch (error) {
      return malformed(`the response is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    let selected: unknown[];
    try {
      selected = JSONPath({ path: this.options.path, json: json as object, wrap: true }) as unknown[];
    } catch (error) {
      return malformed(`invalid JSON path ${this.options.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (selected.length === 0) return malformed(`the JSON path ${this.options.path} selected nothing`);
    const value = selected.length === 1 ? selected[0] : selected;
    const result = typeof value === "number" || typeof value === "boolean" ? value : typeof value === "string" ? value : JSON.stringify(value);
    return decoded({
      timestamp: now,
      source: this.options.source,
      message: `JSON API poll result: ${this.options.path} -> ${String(result)}`,
      fields: { result },
      remoteIp,
    });
  }
}
