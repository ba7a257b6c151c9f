import type { CacheConfig } from "../../api/schemas/lookup-configs.ts";
import { TIME_UNIT_MS } from "../../api/schemas/lookup-configs.ts";
import type { LookupResult } from "../../api/schemas/lookup-tables.ts";

/**
 * A lookup table's cache in front of its data adapter: it keeps the table's answers by key. Each table has its
 * own (as in Graylog, a cache configuration shared by tables gives each its own instance), so two tables never
 * see each other's answers.
 */
export interface LookupCache {
  /** The kept answer for `key`, or undefined (never kept, expired or purged). */
  get(key: string): LookupResult | undefined;
  /** Keeps an answer (when the cache keeps anything). */
  put(key: string, result: LookupResult): void;
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
  get(): undefined {
    return undefined;
  }
  put(): void {}
  purge(): void {}
}

interface Entry {
  result: LookupResult;
  writtenAt: number;
  accessedAt: number;
  /** When the entry last moved to the young end of the order (a count of moves). */
  stamp: number;
}

/**
 * Graylog's in-memory cache: at most `max_size` keys (the least recently used goes first), each forgotten
 * `expire_after_access` after it was last read and `expire_after_write` after it was stored (0 = never).
 * A Map keeps insertion order, so its first key is the least recently used. Like Guava's, the order is
 * approximate: a hit moves its entry to the young end only when it has aged into the older half, so the hot
 * keys of a busy table are read without reordering the map on every lookup.
 */
export class InMemoryCache implements LookupCache {
  private readonly entries = new Map<string, Entry>();
  private readonly afterAccessMs: number;
  private readonly afterWriteMs: number;
  private readonly halfSize: number;
  private moves = 0;
  readonly ttlMs: number;

  constructor(private readonly config: Extract<CacheConfig, { type: "guava_cache" }>, private readonly now: () => number) {
    this.afterAccessMs = config.expire_after_access_unit ? config.expire_after_access * TIME_UNIT_MS[config.expire_after_access_unit] : 0;
    this.afterWriteMs = config.expire_after_write_unit ? config.expire_after_write * TIME_UNIT_MS[config.expire_after_write_unit] : 0;
    const limits = [this.afterAccessMs, this.afterWriteMs].filter((ms) => ms > 0);
    this.ttlMs = limits.length > 0 ? Math.min(...limits) : FOREVER_TTL;
    this.halfSize = Math.max(1, config.max_size >> 1);
  }

  get(key: string): LookupResult | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const now = this.now();
    if (this.expired(entry, now)) {
      this.entries.delete(key);
      return undefined;
    }
    entry.accessedAt = now;
    if (this.moves - entry.stamp >= this.halfSize) {
      this.entries.delete(key);
      entry.stamp = ++this.moves;
      this.entries.set(key, entry);
    }
    return entry.result;
  }

  put(key: string, result: LookupResult): void {
    if (this.config.max_size <= 0) return;
    const now = this.now();
    this.entries.delete(key);
    this.entries.set(key, { result, writtenAt: now, accessedAt: now, stamp: ++this.moves });
    if (this.entries.size > this.config.max_size) this.entries.delete(this.entries.keys().next().value!);
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
