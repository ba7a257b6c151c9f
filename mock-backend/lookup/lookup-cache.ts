import type { CacheConfig } from "../../api/schemas/lookup-configs.ts";
import { TIME_UNIT_MS } from "../../api/schemas/lookup-configs.ts";
import type { AdapterAnswer } from "./data-adapter.ts";

/** A lookup table's cache in front of its data adapter. */
export interface LookupCache {
  /** The cached answer for `key`, or computes it with `load` (and keeps it, when the cache keeps anything). */
  get(key: string, load: () => AdapterAnswer): AdapterAnswer;
  /** Forgets `key`, or every key when null. */
  purge(key: string | null): void;
  /** How long an answer stays, for the lookup result's `ttl` (ms; Long.MAX_VALUE-like when forever). */
  readonly ttlMs: number;
}

/** Graylog answers `ttl` as Long.MAX_VALUE when an answer never expires; JSON numbers cannot hold it exactly. */
export const FOREVER_TTL = Number.MAX_SAFE_INTEGER;

/** The null cache: every lookup asks the adapter. */
export class NullCache implements LookupCache {
  readonly ttlMs = FOREVER_TTL;
  get(_key: string, load: () => AdapterAnswer): AdapterAnswer {
    return load();
  }
  purge(): void {}
}

interface Entry {
  answer: AdapterAnswer;
  writtenAt: number;
  accessedAt: number;
}

/**
 * Graylog's in-memory cache: at most `max_size` keys (the least recently used goes first), each forgotten
 * `expire_after_access` after it was last read and `expire_after_write` after it was stored (0 = never).
 * A Map keeps insertion order, so re-inserting on access makes its first key the least recently used.
 */
export class InMemoryCache implements LookupCache {
  private readonly entries = new Map<string, Entry>();
  private readonly afterAccessMs: number;
  private readonly afterWriteMs: number;
  readonly ttlMs: number;

  constructor(private readonly config: Extract<CacheConfig, { type: "guava_cache" }>, private readonly now: () => number) {
    this.afterAccessMs = config.expire_after_access_unit ? config.expire_after_access * TIME_UNIT_MS[config.expire_after_access_unit] : 0;
    this.afterWriteMs = config.expire_after_write_unit ? config.expire_after_write * TIME_UNIT_MS[config.expire_after_write_unit] : 0;
    const limits = [this.afterAccessMs, this.afterWriteMs].filter((ms) => ms > 0);
    this.ttlMs = limits.length > 0 ? Math.min(...limits) : FOREVER_TTL;
  }

  get(key: string, load: () => AdapterAnswer): AdapterAnswer {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && !this.expired(entry, now)) {
      entry.accessedAt = now;
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.answer;
    }
    if (entry) this.entries.delete(key);
    const answer = load();
    // Errors are not kept: an adapter still loading (or a source back again) answers at the next lookup.
    if (this.config.max_size > 0 && !("error" in answer)) {
      this.entries.set(key, { answer, writtenAt: now, accessedAt: now });
      if (this.entries.size > this.config.max_size) this.entries.delete(this.entries.keys().next().value!);
    }
    return answer;
  }

  purge(key: string | null): void {
    if (key === null) this.entries.clear();
    else this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private expired(entry: Entry, now: number): boolean {
    return (this.afterAccessMs > 0 && now - entry.accessedAt >= this.afterAccessMs) ||
      (this.afterWriteMs > 0 && now - entry.writtenAt >= this.afterWriteMs);
  }
}

/** The cache a configuration describes. */
export const CACHE_KINDS: { [T in CacheConfig["type"]]: { defaultConfig: Extract<CacheConfig, { type: T }>; create(config: Extract<CacheConfig, { type: T }>, now: () => number): LookupCache } } = {
  guava_cache: {
    defaultConfig: {
      type: "guava_cache",
      max_size: 1000,
      expire_after_access: 60,
      expire_after_access_unit: "SECONDS",
      expire_after_write: 0,
      expire_after_write_unit: null,
    },
    create: (config, now) => new InMemoryCache(config, now),
  },
  none: { defaultConfig: { type: "none" }, create: () => new NullCache() },
};
