import type { EntityPage, PageRequest } from "../../api/schemas/paginated.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import type {
  CloneStreamRequest,
  CreateStreamRequest,
  MatchingType,
  Stream,
  StreamRule,
  StreamRuleBody,
  StreamSortField,
  StreamStore,
  UpdateStreamRequest,
} from "../../api/schemas/streams.ts";
import type { Database, SqlParams } from "../database.ts";
import { type EntityListDefinition, type ListScope, listPage } from "../entity-list/paginated-entity-store.ts";
import { objectId } from "../object-id.ts";
import type { IndexSet } from "../store/index-sets.ts";

/** The `streams` table itself is in mock-backend/schema.ts (search reads it); these add what the stream object has beyond. */
export const STREAM_STATEMENTS = [
  `ALTER TABLE streams ADD COLUMN IF NOT EXISTS creator_user_id VARCHAR DEFAULT 'admin'`,
  `ALTER TABLE streams ADD COLUMN IF NOT EXISTS content_pack VARCHAR`,
  // One row once stored rule types carry Graylog's numbers (databases from before had 2/3/4 as greater/smaller/regex).
  `CREATE TABLE IF NOT EXISTS stream_rule_types_graylog (renumbered_at TIMESTAMP NOT NULL)`,
];

/** What the store needs of the message store: its index sets, and routing by the streams as they now are. */
export interface StreamRouting {
  listIndexSets(): IndexSet[];
  /** Rebuilds the router the ingest chain's stream rules processor uses from the stored streams and rules. */
  reloadStreams(): Promise<void>;
}

const COLUMNS = `id, creator_user_id, matching_type, description, strftime(created_at, '%Y-%m-%dT%H:%M:%S.%gZ') AS created_at,
  disabled, title, content_pack, remove_matches_from_default_stream, index_set_id, is_default`;

const STREAM_LIST: EntityListDefinition<StreamSortField> = {
  from: "streams",
  columns: COLUMNS,
  searchFields: { title: "title", description: "description" },
  defaultSearchFields: ["title", "description"],
  sortColumns: { title: "lower(title)", description: "lower(description)", created_at: "created_at", disabled: "disabled" },
  tieBreaker: "id",
};

interface StreamRow {
  id: string;
  creator_user_id: string | null;
  matching_type: string | null;
  description: string | null;
  created_at: string;
  disabled: boolean;
  title: string;
  content_pack: string | null;
  remove_matches_from_default_stream: boolean | null;
  index_set_id: string | null;
  is_default: boolean;
  [column: string]: unknown;
}

/** Graylog's refusals for the default stream (its `checkNotEditableStream`). */
const DEFAULT_STREAM_REFUSALS = {
  edit: "The default stream cannot be edited.",
  delete: "The default stream cannot be deleted.",
  pause: "The default stream cannot be paused.",
} as const;

/** Streams and their rules on DuckDB; every write rebuilds the routing, so the next ingested message follows it. */
export class EmbeddedStreamStore implements StreamStore {
  constructor(private readonly db: Database, private readonly routing: StreamRouting) {}

  async all(): Promise<Stream[]> {
    return await this.withRules(await this.db.all<StreamRow>(`SELECT ${COLUMNS} FROM streams ORDER BY is_default DESC, lower(title), id`));
  }

  async page(request: PageRequest<StreamSortField>, readable: readonly string[] | null): Promise<EntityPage<Stream>> {
    const scope: ListScope | undefined = readable === null
      ? undefined
      : { where: readable.length === 0 ? "false" : `id IN (${readable.map(() => "?").join(", ")})`, params: [...readable] };
    const page = await listPage<StreamRow, StreamSortField>(this.db, STREAM_LIST, request, scope);
    return { elements: await this.withRules(page.elements), total: page.total };
  }

  async get(id: string): Promise<Stream | null> {
    const row = await this.db.first<StreamRow>(`SELECT ${COLUMNS} FROM streams WHERE id = ?`, [id]);
    return row ? (await this.withRules([row]))[0] : null;
  }

  async create(body: CreateStreamRequest, creator: string): Promise<Stream> {
    const id = objectId();
    const indexSetId = this.indexSetOrDefault(body.index_set_id);
    await this.db.transaction(async (connection) => {
      await connection.run(
        `INSERT INTO streams (id, title, description, is_default, disabled, created_at, index_set_id,
           remove_matches_from_default_stream, matching_type, creator_user_id, content_pack)
         VALUES (?, ?, ?, false, true, now()::TIMESTAMP, ?, ?, ?, ?, ?)`,
        [id, body.title, body.description ?? "", indexSetId, body.remove_matches_from_default_stream, body.matching_type, creator, body.content_pack ?? null],
      );
      for (const rule of body.rules ?? []) await connection.run(INSERT_RULE, ruleParams(objectId(), id, rule));
    });
    return await this.changed(id);
  }

  async update(id: string, body: UpdateStreamRequest): Promise<Stream | null> {
    const current = await this.get(id);
    if (!current) return null;
    if (current.is_default) throw new EntityValidationError(DEFAULT_STREAM_REFUSALS.edit);
    const indexSetId = body.index_set_id == null ? current.index_set_id : this.indexSetOrDefault(body.index_set_id);
    await this.db.run(
      `UPDATE streams SET title = ?, description = ?, matching_type = ?, remove_matches_from_default_stream = ?, index_set_id = ?
       WHERE id = ?`,
      [
        body.title ?? current.title,
        body.description ?? current.description,
        body.matching_type ?? current.matching_type,
        body.remove_matches_from_default_stream ?? current.remove_matches_from_default_stream,
        indexSetId,
        id,
      ],
    );
    return await this.changed(id);
  }

  async clone(id: string, body: CloneStreamRequest, creator: string): Promise<Stream | null> {
    const source = await this.get(id);
    if (!source) return null;
    const created = await this.create({
      title: body.title,
      description: body.description,
      rules: source.rules.map(({ field, type, value, inverted, description }) => ({ field, type, value, inverted, description })),
      content_pack: null,
      matching_type: source.matching_type,
      remove_matches_from_default_stream: body.remove_matches_from_default_stream,
      index_set_id: body.index_set_id ?? source.index_set_id,
    }, creator);
    return created;
  }

  async delete(id: string): Promise<boolean> {
    const current = await this.get(id);
    if (!current) return false;
    if (current.is_default) throw new EntityValidationError(DEFAULT_STREAM_REFUSALS.delete);
    await this.db.transaction(async (connection) => {
      await connection.run("DELETE FROM stream_rules WHERE stream_id = ?", [id]);
      await connection.run("DELETE FROM streams WHERE id = ?", [id]);
    });
    await this.routing.reloadStreams();
    return true;
  }

  async setDisabled(id: string, disabled: boolean): Promise<boolean> {
    const current = await this.get(id);
    if (!current) return false;
    if (current.is_default && disabled) throw new EntityValidationError(DEFAULT_STREAM_REFUSALS.pause);
    await this.db.run("UPDATE streams SET disabled = ? WHERE id = ?", [disabled, id]);
    await this.routing.reloadStreams();
    return true;
  }

  async createRule(streamId: string, body: StreamRuleBody): Promise<StreamRule | null> {
    if (!(await this.editable(streamId))) return null;
    const id = objectId();
    await this.db.run(INSERT_RULE, ruleParams(id, streamId, body));
    await this.routing.reloadStreams();
    return { id, stream_id: streamId, ...body };
  }

  async updateRule(streamId: string, ruleId: string, body: StreamRuleBody): Promise<StreamRule | null> {
    if (!(await this.editable(streamId))) return null;
    const updated = await this.db.write(
      "UPDATE stream_rules SET field = ?, type = ?, value = ?, inverted = ?, description = ? WHERE id = ? AND stream_id = ? RETURNING id",
      [body.field, body.type, body.value, body.inverted, body.description, ruleId, streamId],
    );
    if (updated.length === 0) return null;
    await this.routing.reloadStreams();
    return { id: ruleId, stream_id: streamId, ...body };
  }

  async deleteRule(streamId: string, ruleId: string): Promise<boolean> {
    if (!(await this.editable(streamId))) return false;
    const deleted = await this.db.write("DELETE FROM stream_rules WHERE id = ? AND stream_id = ? RETURNING id", [ruleId, streamId]);
    if (deleted.length === 0) return false;
    await this.routing.reloadStreams();
    return true;
  }

  async assignToIndexSet(indexSetId: string, streamIds: readonly string[]): Promise<{ missing: string[] } | null> {
    if (!this.routing.listIndexSets().some((set) => set.id === indexSetId)) return null;
    const ids = [...new Set(streamIds)];
    const found = await this.db.all<{ id: string; is_default: boolean }>(
      `SELECT id, is_default FROM streams WHERE id IN (${ids.map(() => "?").join(", ")})`,
      ids,
    );
    const defaultStream = found.find((stream) => stream.is_default);
    if (defaultStream) throw new EntityValidationError(`The stream with id <${defaultStream.id}> cannot be edited.`);
    const missing = ids.filter((id) => !found.some((stream) => stream.id === id));
    if (missing.length > 0) return { missing };
    await this.db.run(`UPDATE streams SET index_set_id = ? WHERE id IN (${ids.map(() => "?").join(", ")})`, [indexSetId, ...ids]);
    await this.routing.reloadStreams();
    return { missing: [] };
  }

  /** False when there is no such stream; refuses the default stream. */
  private async editable(streamId: string): Promise<boolean> {
    const stream = await this.db.first<{ is_default: boolean }>("SELECT is_default FROM streams WHERE id = ?", [streamId]);
    if (!stream) return false;
    if (stream.is_default) throw new EntityValidationError(DEFAULT_STREAM_REFUSALS.edit);
    return true;
  }

  /** Routes by the stream as stored now and answers it. */
  private async changed(id: string): Promise<Stream> {
    await this.routing.reloadStreams();
    return (await this.get(id))!;
  }

  private indexSetOrDefault(id: string | null | undefined): string {
    const sets = this.routing.listIndexSets();
    if (id == null) return sets.find((set) => set.isDefault)!.id;
    if (!sets.some((set) => set.id === id)) throw new EntityValidationError(`Index set with ID <${id}> does not exist.`);
    return id;
  }

  private async withRules(rows: readonly StreamRow[]): Promise<Stream[]> {
    if (rows.length === 0) return [];
    const rules = await this.db.all<StreamRule & { [column: string]: unknown }>(
      `SELECT id, stream_id, field, type, value, inverted, description FROM stream_rules
       WHERE stream_id IN (${rows.map(() => "?").join(", ")}) ORDER BY id`,
      rows.map((row) => row.id),
    );
    const defaultSet = this.routing.listIndexSets().find((set) => set.isDefault)!.id;
    return rows.map((row) => ({
      id: row.id,
      creator_user_id: row.creator_user_id ?? "admin",
      outputs: [],
      matching_type: (row.matching_type === "OR" ? "OR" : "AND") as MatchingType,
      description: row.description ?? "",
      created_at: row.created_at,
      disabled: row.disabled,
      rules: rules.filter((rule) => rule.stream_id === row.id).map((rule) => ({ ...rule, type: Number(rule.type) })),
      alert_conditions: [],
      alert_receivers: { emails: [], users: [] },
      title: row.title,
      content_pack: row.content_pack,
      remove_matches_from_default_stream: row.remove_matches_from_default_stream ?? false,
      index_set_id: row.index_set_id ?? defaultSet,
      is_default: row.is_default,
      is_editable: !row.is_default,
    }));
  }
}

const INSERT_RULE = "INSERT INTO stream_rules (id, stream_id, field, type, value, inverted, description) VALUES (?, ?, ?, ?, ?, ?, ?)";

function ruleParams(id: string, streamId: string, rule: StreamRuleBody): SqlParams {
  return [id, streamId, rule.field, rule.type, rule.value, rule.inverted, rule.description];
}

/**
 * Gives rules stored before rule types carried Graylog's numbers those numbers (greater 2→3, smaller 3→4,
 * regex 4→2), once per database; run before the message store seeds its rules, which carry Graylog's already.
 */
export async function renumberStreamRuleTypes(db: Database): Promise<void> {
  if (await db.first("SELECT 1 AS done FROM stream_rule_types_graylog")) return;
  await db.transaction(async (connection) => {
    await connection.run("UPDATE stream_rules SET type = CASE type WHEN 2 THEN 3 WHEN 3 THEN 4 WHEN 4 THEN 2 ELSE type END");
    await connection.run("INSERT INTO stream_rule_types_graylog VALUES (now()::TIMESTAMP)");
  });
}
