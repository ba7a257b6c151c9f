import type { ClusterConfigStore } from "../../api/schemas/backend.ts";
import {
  INDEX_SET_DEFAULTS_CONFIG_CLASS,
  type IndexSet,
  type IndexSetCreate,
  type IndexSetDefaults,
  type IndexSetStats,
  type IndexSetStore,
  type IndexSetUpdate,
  type StoredIndex,
} from "../../api/schemas/index-sets.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import type { Database } from "../database.ts";
import type { MessageStore } from "../message-store.ts";
import { objectId } from "../object-id.ts";
import { countLimit } from "../store/index-sets.ts";
import type { JobProgress } from "../../api/schemas/system-jobs.ts";
import { SystemJobManager, type SystemJobWork } from "../system-jobs/system-job-manager.ts";

/** What an index set row keeps beside its own columns: the rest of Graylog's IndexSetSummary. */
type IndexSetConfig = Omit<IndexSet, "id" | "title" | "description" | "index_prefix" | "default" | "creation_date">;

type IndexSetRow = {
  id: string;
  title: string;
  description: string;
  index_prefix: string;
  is_default: boolean;
  creation_ms: bigint;
  config: string;
};

/**
 * Index sets on DuckDB, and their indices through the message store (which rotates and retains them). Changes to a
 * set take effect for the next batch the store writes.
 */
export class EmbeddedIndexSetStore implements IndexSetStore {
  constructor(
    private readonly db: Database,
    private readonly messages: MessageStore,
    private readonly clusterConfig: ClusterConfigStore,
    private readonly jobs: SystemJobManager = new SystemJobManager({ nodeId: "" }),
  ) {}

  async list(): Promise<IndexSet[]> {
    const rows = await this.db.all<IndexSetRow>(
      "SELECT id, title, description, index_prefix, is_default, epoch_ms(creation_date) AS creation_ms, config FROM index_sets ORDER BY is_default DESC, lower(title), id",
    );
    return rows.map(toIndexSet);
  }

  async get(id: string): Promise<IndexSet | null> {
    return (await this.list()).find((set) => set.id === id) ?? null;
  }

  async create(body: IndexSetCreate): Promise<IndexSet> {
    await this.checkPrefix(body.index_prefix);
    const id = objectId();
    await this.messages.withIndexSetsChanged(async () => {
      await this.db.run(
        `INSERT INTO index_sets (id, title, description, index_prefix, is_default, max_docs_per_index, creation_date, config)
         VALUES (?, ?, ?, ?, false, ?, current_timestamp::TIMESTAMP, ?)`,
        [id, body.title, body.description, body.index_prefix, countLimit(body.rotation_strategy), JSON.stringify(configOf(body))],
      );
    });
    return (await this.get(id))!;
  }

  async update(id: string, body: IndexSetUpdate): Promise<IndexSet | null> {
    const existing = await this.get(id);
    if (!existing) return null;
    if (existing.default && !body.writable) throw new EntityValidationError("The default index set must be writable.");
    await this.messages.withIndexSetsChanged(async () => {
      await this.db.run(
        "UPDATE index_sets SET title = ?, description = ?, max_docs_per_index = ?, config = ? WHERE id = ?",
        [body.title, body.description, countLimit(body.rotation_strategy), JSON.stringify({ ...configOf(body), index_analyzer: existing.index_analyzer, index_template_type: existing.index_template_type }), id],
      );
    });
    return await this.get(id);
  }

  async delete(id: string, deleteIndices: boolean): Promise<boolean> {
    const existing = await this.get(id);
    if (!existing) return false;
    if (existing.default) throw new EntityValidationError("The default index set cannot be deleted.");
    const streams = await this.db.all<{ title: string }>("SELECT title FROM streams WHERE index_set_id = ? ORDER BY title", [id]);
    if (streams.length > 0) {
      throw new EntityValidationError(`The index set is used by streams: ${streams.map((stream) => stream.title).join(", ")}`);
    }
    await this.messages.withIndexSetsChanged(async () => {
      if (deleteIndices) {
        for (const index of this.messages.indices().filter((index) => index.indexSetId === id)) {
          await this.messages.setIndexStatus(index.name, "deleted");
        }
      }
      await this.db.run("DELETE FROM index_sets WHERE id = ?", [id]);
    });
    return true;
  }

  async setDefault(id: string): Promise<IndexSet | null> {
    const existing = await this.get(id);
    if (!existing) return null;
    if (!existing.writable) throw new EntityValidationError("Index set not eligible as default: it is not writable.");
    await this.messages.withIndexSetsChanged(async () => {
      await this.db.transaction(async (connection) => {
        await connection.run("UPDATE index_sets SET is_default = false WHERE is_default AND id <> ?", [id]);
        await connection.run("UPDATE index_sets SET is_default = true WHERE id = ?", [id]);
      });
    });
    return await this.get(id);
  }

  stats(id?: string): IndexSetStats {
    const indices = this.indices(id);
    return {
      indices: indices.length,
      documents: indices.filter((index) => index.status === "open").reduce((sum, index) => sum + index.docCount, 0),
      size: indices.filter((index) => index.status === "open").reduce((sum, index) => sum + index.sizeBytes, 0),
    };
  }

  indices(indexSetId?: string): StoredIndex[] {
    const all = this.messages.indices();
    return indexSetId === undefined ? all : all.filter((index) => index.indexSetId === indexSetId);
  }

  index(name: string): StoredIndex | null {
    return this.messages.indices().find((index) => index.name === name) ?? null;
  }

  writeIndex(indexSetId: string): StoredIndex | null {
    return this.messages.writeIndex(indexSetId);
  }

  closeIndex(name: string): Promise<void> {
    return this.changeStatus(name, "closed", "The current write index cannot be closed.");
  }

  reopenIndex(name: string): Promise<void> {
    return this.changeStatus(name, "open", null);
  }

  deleteIndex(name: string): Promise<void> {
    return this.changeStatus(name, "deleted", "The current write index cannot be deleted.");
  }

  /** Starts a new write index; the previous one's range is then recalculated by a system job, as Graylog does. */
  async cycle(indexSetId: string): Promise<StoredIndex> {
    const previous = this.messages.writeIndex(indexSetId);
    const index = await this.messages.cycle(indexSetId);
    if (previous) {
      await this.jobs.run("org.graylog2.indexer.SetIndexReadOnlyAndCalculateRangeJob", `Index ${previous.name}`, async (progress) => {
        await this.messages.exclusive(() => this.messages.recountRanges([previous]));
        progress(100);
      });
    }
    return index;
  }

  /** Runs the range rebuild as a system job, one index after the other, with its progress. */
  rebuildRanges(names?: readonly string[]): Promise<void> {
    const targets = this.messages.indices().filter((index) => names === undefined || names.includes(index.name));
    return this.jobs.run("org.graylog2.indexer.ranges.RebuildIndexRangesJob", rebuildInfo(targets.length), (progress) =>
      rebuildEach(this.messages, targets, progress));
  }

  /** The range rebuild of every index, for `POST /system/jobs`. */
  rebuildAllJob(): { info: string; work: SystemJobWork } {
    const targets = this.messages.indices();
    return { info: rebuildInfo(targets.length), work: (progress) => rebuildEach(this.messages, targets, progress) };
  }

  async defaults(): Promise<IndexSetDefaults> {
    return await this.clusterConfig.get(INDEX_SET_DEFAULTS_CONFIG_CLASS);
  }

  async saveDefaults(defaults: IndexSetDefaults): Promise<void> {
    await this.clusterConfig.save(INDEX_SET_DEFAULTS_CONFIG_CLASS, defaults);
  }

  private async changeStatus(name: string, status: StoredIndex["status"], refusedForWriteIndex: string | null): Promise<void> {
    const index = this.index(name);
    if (!index) throw new EntityValidationError(`Index ${name} not found.`);
    if (refusedForWriteIndex && this.messages.writeIndex(index.indexSetId)?.name === name) {
      throw new EntityValidationError(refusedForWriteIndex);
    }
    await this.messages.setIndexStatus(name, status);
  }

  /** Graylog refuses a prefix that is, or starts, or is the start of, another set's prefix (their index names would mix). */
  private async checkPrefix(prefix: string): Promise<void> {
    for (const set of await this.list()) {
      if (set.index_prefix === prefix || set.index_prefix.startsWith(`${prefix}_`) || prefix.startsWith(`${set.index_prefix}_`)) {
        throw new EntityValidationError(`Index prefix "${prefix}" would conflict with the index set "${set.title}" (prefix "${set.index_prefix}").`);
      }
    }
  }
}

function rebuildInfo(count: number): string {
  return `Rebuilding the ranges of ${count} ${count === 1 ? "index" : "indices"}.`;
}

async function rebuildEach(messages: MessageStore, targets: ReturnType<MessageStore["indices"]>, progress: JobProgress): Promise<void> {
  for (const [position, index] of targets.entries()) {
    await messages.exclusive(() => messages.recountRanges([index]));
    progress(((position + 1) / targets.length) * 100);
  }
  progress(100);
}

function configOf(body: IndexSetCreate | IndexSetUpdate): IndexSetConfig {
  return {
    writable: body.writable,
    can_be_default: body.writable,
    shards: body.shards,
    replicas: body.replicas,
    rotation_strategy_class: body.rotation_strategy_class,
    rotation_strategy: body.rotation_strategy,
    retention_strategy_class: body.retention_strategy_class,
    retention_strategy: body.retention_strategy,
    index_analyzer: body.index_analyzer ?? "standard",
    index_optimization_max_num_segments: body.index_optimization_max_num_segments,
    index_optimization_disabled: body.index_optimization_disabled,
    field_type_refresh_interval: body.field_type_refresh_interval,
    index_template_type: body.index_template_type ?? "messages",
  };
}

function toIndexSet(row: IndexSetRow): IndexSet {
  const config = JSON.parse(row.config) as IndexSetConfig;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    default: row.is_default,
    index_prefix: row.index_prefix,
    creation_date: new Date(Number(row.creation_ms)).toISOString(),
    ...config,
    can_be_default: config.writable && !row.is_default,
  };
}
