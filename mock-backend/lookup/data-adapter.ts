import type { ThreatIntelConfig } from "../../shared/threat-intel-config.ts";

/**
 * A data adapter as it runs: loads its data (a file, an HTTP source) in the background and answers lookups from
 * memory, synchronously, so that pipeline rules, decorators and extractors can look values up per message
 * without waiting. An adapter that cannot answer says why (`error`), and its lookups answer with an error.
 */
export interface LiveDataAdapter {
  /** Loads the data once; resolves when the adapter answers (or knows why it cannot). Never rejects. */
  start(): Promise<void>;
  /** The value for `key`, `undefined` when the key is unknown; `{error}` when the adapter cannot answer. */
  lookup(key: string): AdapterAnswer;
  /** Why the adapter cannot answer now, or null. */
  error(): string | null;
}

export type AdapterAnswer =
  | { found: true; value: string | number | boolean; multi: Record<string, unknown> | null }
  | { found: false }
  | { error: string };

/** What an adapter may ask of the server it runs in. */
export interface AdapterEnvironment {
  /** The threat intelligence switches (System → Configurations): a source switched off does not start. */
  threatIntel(): ThreatIntelConfig;
  /** Whether the URL allow-list (System → Configurations → URL Whitelist) lets the server fetch `url`. */
  urlAllowed(url: string): Promise<boolean>;
  /** Milliseconds since the epoch (tests move the clock). */
  now(): number;
}
