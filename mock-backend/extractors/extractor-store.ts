import type { CreateExtractorRequest, ExtractorStore, ExtractorSummary } from "../../api/schemas/extractors.ts";
import type { Database } from "../database.ts";
import type { Extractor } from "../ingest/extractors-processor.ts";
import { objectId } from "../object-id.ts";
import { CompiledExtractor, type ExtractorCounters } from "./compiled-extractor.ts";
import type { ExtractorContext, ExtractorLookupTables } from "./extractor-kinds.ts";

export const EXTRACTOR_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS extractors (
     id VARCHAR PRIMARY KEY, input_id VARCHAR NOT NULL, position INTEGER NOT NULL, summary JSON NOT NULL)`,
];

interface StoredExtractor {
  summary: ExtractorSummary;
  counters: ExtractorCounters;
  /** Null when it no longer compiles (a grok pattern it uses was removed): the chain skips it. */
  compiled: CompiledExtractor | null;
}

/**
 * Extractors on DuckDB, compiled in memory per input in their order; the ingest chain asks `extractorsOf` for
 * each batch, so a change applies to the next batch an input stores.
 */
export class EmbeddedExtractorStore implements ExtractorStore {
  private readonly byInput = new Map<string, StoredExtractor[]>();

  private constructor(
    private readonly db: Database,
    private readonly inputExists: (inputId: string) => boolean,
    private readonly lookupTables: ExtractorLookupTables,
  ) {}

  static async open(
    db: Database,
    inputExists: (inputId: string) => boolean,
    lookupTables: ExtractorLookupTables,
  ): Promise<EmbeddedExtractorStore> {
    const store = new EmbeddedExtractorStore(db, inputExists, lookupTables);
    const rows = await db.all<{ input_id: string; summary: string }>("SELECT input_id, summary FROM extractors ORDER BY input_id, position, id");
    const context = await store.context();
    for (const row of rows) {
      const summary = JSON.parse(row.summary) as ExtractorSummary;
      const counters = { exceptions: 0, converterExceptions: 0, conditionHits: 0, conditionMisses: 0 };
      let compiled: CompiledExtractor | null = null;
      try {
        compiled = new CompiledExtractor(summary, context, counters);
      } catch {
        // Left out of the chain; its summary is still listed and can be fixed.
      }
      store.listOf(row.input_id).push({ summary, counters, compiled });
    }
    return store;
  }

  /** The input's extractors in their order, for the ingest chain. */
  extractorsOf(inputId: string): Extractor[] {
    return (this.byInput.get(inputId) ?? []).flatMap((stored) => (stored.compiled ? [stored.compiled] : []));
  }

  list(inputId: string): Promise<ExtractorSummary[] | null> {
    if (!this.inputExists(inputId)) return Promise.resolve(null);
    return Promise.resolve(this.listOf(inputId).map(readBack));
  }

  get(inputId: string, extractorId: string): Promise<ExtractorSummary | null> {
    const stored = this.listOf(inputId).find((candidate) => candidate.summary.id === extractorId);
    return Promise.resolve(stored ? readBack(stored) : null);
  }

  async create(inputId: string, request: CreateExtractorRequest, creatorUserId: string): Promise<ExtractorSummary | null> {
    if (!this.inputExists(inputId)) return null;
    const list = this.listOf(inputId);
    const summary = summaryOf(objectId(), request, creatorUserId, list.length);
    const stored = await this.compile(summary);
    await this.db.run("INSERT INTO extractors VALUES (?, ?, ?, ?)", [summary.id, inputId, summary.order, JSON.stringify(summary)]);
    list.push(stored);
    return readBack(stored);
  }

  async update(inputId: string, extractorId: string, request: CreateExtractorRequest): Promise<ExtractorSummary | null> {
    const list = this.listOf(inputId);
    const index = list.findIndex((candidate) => candidate.summary.id === extractorId);
    if (index < 0) return null;
    const current = list[index].summary;
    const stored = await this.compile(summaryOf(extractorId, request, current.creator_user_id, current.order));
    await this.db.run("UPDATE extractors SET summary = ? WHERE id = ?", [JSON.stringify(stored.summary), extractorId]);
    list[index] = stored;
    return readBack(stored);
  }

  async delete(inputId: string, extractorId: string): Promise<boolean> {
    const list = this.listOf(inputId);
    const index = list.findIndex((candidate) => candidate.summary.id === extractorId);
    if (index < 0) return false;
    await this.db.run("DELETE FROM extractors WHERE id = ?", [extractorId]);
    list.splice(index, 1);
    return true;
  }

  async reorder(inputId: string, order: Record<string, string>): Promise<boolean> {
    if (!this.inputExists(inputId)) return false;
    const list = this.listOf(inputId);
    const position = new Map(Object.entries(order).map(([at, id]) => [id, Number(at)]));
    // Extractors the request does not name keep their relative order after the named ones.
    list.sort((a, b) => (position.get(a.summary.id) ?? Infinity) - (position.get(b.summary.id) ?? Infinity));
    for (const [at, stored] of list.entries()) {
      stored.summary = { ...stored.summary, order: at };
      await this.db.run("UPDATE extractors SET position = ?, summary = ? WHERE id = ?", [at, JSON.stringify(stored.summary), stored.summary.id]);
    }
    return true;
  }

  /** Forgets the extractors of a deleted input. */
  async deleteInput(inputId: string): Promise<void> {
    await this.db.run("DELETE FROM extractors WHERE input_id = ?", [inputId]);
    this.byInput.delete(inputId);
  }

  private listOf(inputId: string): StoredExtractor[] {
    let list = this.byInput.get(inputId);
    if (!list) this.byInput.set(inputId, list = []);
    return list;
  }

  private async compile(summary: ExtractorSummary): Promise<StoredExtractor> {
    const counters = { exceptions: 0, converterExceptions: 0, conditionHits: 0, conditionMisses: 0 };
    return { summary, counters, compiled: new CompiledExtractor(summary, await this.context(), counters) };
  }

  /** What extractors compile against now: the grok patterns and the lookup tables (the extractor testers use it too). */
  async context(): Promise<ExtractorContext> {
    const rows = await this.db.all<{ name: string; pattern: string }>("SELECT name, pattern FROM grok_patterns");
    return { grokPatterns: new Map(rows.map((row) => [row.name, row.pattern])), lookupTables: this.lookupTables };
  }
}

function summaryOf(id: string, request: CreateExtractorRequest, creatorUserId: string, order: number): ExtractorSummary {
  return {
    id,
    title: request.title,
    type: request.extractor_type,
    converters: Object.entries(request.converters).map(([type, config]) => ({ type: type as ExtractorSummary["converters"][number]["type"], config })),
    order,
    exceptions: 0,
    converter_exceptions: 0,
    metrics: { condition_hits: 0, condition_misses: 0 },
    cursor_strategy: request.cut_or_copy,
    source_field: request.source_field,
    target_field: request.target_field,
    extractor_config: request.extractor_config,
    creator_user_id: creatorUserId,
    condition_type: request.condition_type,
    condition_value: request.condition_value,
  };
}

function readBack({ summary, counters }: StoredExtractor): ExtractorSummary {
  return {
    ...summary,
    exceptions: counters.exceptions,
    converter_exceptions: counters.converterExceptions,
    metrics: { condition_hits: counters.conditionHits, condition_misses: counters.conditionMisses },
  };
}
