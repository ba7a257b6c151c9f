import type {
  InputCreateRequest,
  InputStateSummary,
  InputStateType,
  InputStore,
  InputSummary,
  InputTypeInfo,
} from "../../api/schemas/inputs.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import type { Database } from "../database.ts";
import type { IngestInput } from "../ingest/ingest-chain.ts";
import type { MetricRegistry } from "../metric-registry.ts";
import { objectId } from "../object-id.ts";
import type { IncomingMessage } from "../store/incoming-message.ts";
import { readableConfiguration, resolveConfiguration } from "./input-configuration.ts";
import { IngestJournal } from "../ingest/ingest-journal.ts";
import { INPUT_TYPES, type InputConfiguration, inputType, inputTypeInfo, isInputType } from "./input-types.ts";
import { urlAllowed } from "../lookup/url-allow-list.ts";
import { RunningInput } from "./running-input.ts";
import type { Transport } from "./transports/transport.ts";

export const INPUT_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS inputs (
     id VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, type VARCHAR NOT NULL, global BOOLEAN NOT NULL, node VARCHAR,
     configuration JSON NOT NULL, static_fields JSON NOT NULL, creator_user_id VARCHAR NOT NULL,
     created_at VARCHAR NOT NULL, desired_state VARCHAR NOT NULL)`,
];

interface StoredInput {
  id: string;
  title: string;
  type: string;
  global: boolean;
  node: string | null;
  configuration: InputConfiguration;
  staticFields: Record<string, string>;
  creatorUserId: string;
  createdAt: string;
  /** Whether it should listen: kept across restarts (started with the server, or left stopped). */
  desiredState: "RUNNING" | "STOPPED";
}

/** What runs for an input on this node: listening, or why not. */
interface InputRuntime {
  state: InputStateType;
  startedAt: string | null;
  failure: string | null;
  running: { input: RunningInput; transport: Transport } | null;
}

export interface InputStoreOptions {
  nodeId: string;
  /** Stores a batch received by an input through the ingest chain (`arrivedAt`: its oldest message's arrival, performance.now()). */
  ingest(messages: IncomingMessage[], input: IngestInput, arrivedAt: number): Promise<unknown>;
  /** The extractors of an input, in their order (none until extractors are stored). */
  extractorsOf?: (inputId: string) => IngestInput["extractors"];
  registry?: MetricRegistry;
  /** Called when an input is deleted (its extractors go with it). */
  deleted?: (inputId: string) => Promise<void>;
  /**
   * Where inputs whose transport acknowledges messages keep their ingest journals (ingest-journal.ts); without it
   * (an in-memory database, which keeps nothing across a crash either) they acknowledge once a message is stored.
   */
  journalDirectory?: string;
  /** Told when an input starts running, fails or is stopped (a system message). */
  stateChanged?: (input: { id: string; title: string; type: string }, state: "RUNNING" | "FAILED" | "STOPPED") => void;
  /** Called after an input was launched, started, stopped or deleted, with how many inputs run now. */
  runningChanged?: (running: number) => Promise<void>;
}

/**
 * Inputs on DuckDB and their listeners on this node. Inputs marked running start with the server; a port in use
 * fails that input (its state says why), never the server.
 */
export class EmbeddedInputStore implements InputStore {
  private readonly inputs = new Map<string, StoredInput>();
  private readonly runtimes = new Map<string, InputRuntime>();
  readonly nodeId: string;

  private constructor(private readonly db: Database, private readonly options: InputStoreOptions) {
    this.nodeId = options.nodeId;
  }

  /** Loads the stored inputs and starts those that were running. */
  static async open(db: Database, options: InputStoreOptions): Promise<EmbeddedInputStore> {
    const store = new EmbeddedInputStore(db, options);
    const rows = await db.all<{
      id: string;
      title: string;
      type: string;
      global: boolean;
      node: string | null;
      configuration: string;
      static_fields: string;
      creator_user_id: string;
      created_at: string;
      desired_state: string;
    }>("SELECT * FROM inputs ORDER BY created_at, id");
    for (const row of rows) {
      store.inputs.set(row.id, {
        id: row.id,
        title: row.title,
        type: row.type,
        global: row.global,
        node: row.node,
        configuration: JSON.parse(row.configuration),
        staticFields: JSON.parse(row.static_fields),
        creatorUserId: row.creator_user_id,
        createdAt: row.created_at,
        desiredState: row.desired_state === "STOPPED" ? "STOPPED" : "RUNNING",
      });
    }
    await Promise.all([...store.inputs.values()].map((input) => input.desiredState === "RUNNING" ? store.launch(input) : store.markStopped(input)));
    return store;
  }

  /** Whether there is such an input (extractors belong to one). */
  exists(id: string): boolean {
    return this.inputs.has(id);
  }

  types(): InputTypeInfo[] {
    return (Object.keys(INPUT_TYPES) as (keyof typeof INPUT_TYPES)[]).map(inputTypeInfo);
  }

  list(): Promise<InputSummary[]> {
    return Promise.resolve([...this.inputs.values()].map((input) => this.summary(input)));
  }

  get(id: string): Promise<InputSummary | null> {
    const input = this.inputs.get(id);
    return Promise.resolve(input ? this.summary(input) : null);
  }

  async create(request: InputCreateRequest, creatorUserId: string): Promise<InputSummary> {
    const configuration = this.configurationOf(request, null);
    const input: StoredInput = {
      id: objectId(),
      title: request.title,
      type: request.type,
      global: request.global,
      node: request.global ? null : (request.node ?? this.nodeId),
      configuration,
      staticFields: {},
      creatorUserId,
      createdAt: new Date().toISOString(),
      desiredState: "RUNNING",
    };
    await this.db.run("INSERT INTO inputs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
      input.id,
      input.title,
      input.type,
      input.global,
      input.node,
      JSON.stringify(input.configuration),
      JSON.stringify(input.staticFields),
      input.creatorUserId,
      input.createdAt,
      input.desiredState,
    ]);
    this.inputs.set(input.id, input);
    await this.launch(input);
    await this.announceRunning();
    return this.summary(input);
  }

  async update(id: string, request: InputCreateRequest): Promise<InputSummary | null> {
    const current = this.inputs.get(id);
    if (!current) return null;
    if (request.type !== current.type) throw new EntityValidationError("type cannot be changed: launch a new input instead");
    const updated: StoredInput = {
      ...current,
      title: request.title,
      global: request.global,
      node: request.global ? null : (request.node ?? current.node ?? this.nodeId),
      configuration: this.configurationOf(request, current.configuration),
    };
    await this.db.run("UPDATE inputs SET title = ?, global = ?, node = ?, configuration = ? WHERE id = ?", [
      updated.title,
      updated.global,
      updated.node,
      JSON.stringify(updated.configuration),
      id,
    ]);
    this.inputs.set(id, updated);
    if (updated.desiredState === "RUNNING") {
      await this.halt(id);
      await this.launch(updated);
    }
    return this.summary(updated);
  }

  async delete(id: string): Promise<boolean> {
    if (!this.inputs.has(id)) return false;
    await this.halt(id);
    await this.db.run("DELETE FROM inputs WHERE id = ?", [id]);
    this.inputs.delete(id);
    this.runtimes.delete(id);
    if (this.options.journalDirectory) await IngestJournal.remove(this.options.journalDirectory, id);
    await this.options.deleted?.(id);
    await this.announceRunning();
    return true;
  }

  async addStaticField(id: string, key: string, value: string): Promise<InputSummary | null> {
    const input = this.inputs.get(id);
    if (!input) return null;
    if (RESERVED_FIELDS.has(key)) throw new EntityValidationError(`key ${key} is a reserved field name`);
    const staticFields = { ...input.staticFields, [key]: value };
    await this.db.run("UPDATE inputs SET static_fields = ? WHERE id = ?", [JSON.stringify(staticFields), id]);
    input.staticFields = staticFields;
    return this.summary(input);
  }

  async removeStaticField(id: string, key: string): Promise<boolean> {
    const input = this.inputs.get(id);
    if (!input || !Object.hasOwn(input.staticFields, key)) return false;
    const { [key]: _removed, ...staticFields } = input.staticFields;
    await this.db.run("UPDATE inputs SET static_fields = ? WHERE id = ?", [JSON.stringify(staticFields), id]);
    input.staticFields = staticFields;
    return true;
  }

  states(): Promise<InputStateSummary[]> {
    return Promise.resolve([...this.inputs.values()].map((input) => this.stateOf(input)));
  }

  state(id: string): Promise<InputStateSummary | null> {
    const input = this.inputs.get(id);
    return Promise.resolve(input ? this.stateOf(input) : null);
  }

  async start(id: string): Promise<InputStateSummary | null> {
    const input = this.inputs.get(id);
    if (!input) return null;
    await this.setDesiredState(input, "RUNNING");
    await this.halt(id);
    await this.launch(input);
    await this.announceRunning();
    return this.stateOf(input);
  }

  async stop(id: string): Promise<InputStateSummary | null> {
    const input = this.inputs.get(id);
    if (!input) return null;
    await this.setDesiredState(input, "STOPPED");
    await this.halt(id);
    this.markStopped(input);
    this.options.stateChanged?.(input, "STOPPED");
    await this.announceRunning();
    return this.stateOf(input);
  }

  /** Resolves once every message the inputs received so far is stored (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.runtimes.values()].map((runtime) => runtime.running?.input.settled()));
  }

  /** Stops every listener (the server shuts down); their desired states stay as they are. */
  async close(): Promise<void> {
    await Promise.all([...this.runtimes.keys()].map((id) => this.halt(id)));
  }

  private configurationOf(request: InputCreateRequest, previous: InputConfiguration | null): InputConfiguration {
    if (!isInputType(request.type)) throw new EntityValidationError(`type ${request.type} is not a known input type`);
    return resolveConfiguration(inputType(request.type).fields, request.configuration, previous);
  }

  private async launch(input: StoredInput): Promise<void> {
    const runtime: InputRuntime = { state: "STARTING", startedAt: null, failure: null, running: null };
    this.runtimes.set(input.id, runtime);
    if (!isInputType(input.type)) {
      Object.assign(runtime, { state: "FAILED", failure: `Unknown input type ${input.type}` });
      return;
    }
    const definition = inputType(input.type);
    const journalDirectory = this.options.journalDirectory;
    const journal = definition.acknowledges && journalDirectory ? await IngestJournal.open(journalDirectory, input.id) : undefined;
    const running = new RunningInput({
      id: input.id,
      type: input.type,
      codec: definition.codec(input.configuration),
      overrideSource: typeof input.configuration.override_source === "string" && input.configuration.override_source !== ""
        ? input.configuration.override_source
        : null,
      registry: this.options.registry,
      journal,
      // Read at each batch: static fields and extractors changed while running apply to the next batch.
      ingest: (messages, arrivedAt) =>
        this.options.ingest(messages, {
          staticFields: Object.entries(input.staticFields).map(([name, value]) => ({ name, value })),
          extractors: this.options.extractorsOf?.(input.id) ?? [],
        }, arrivedAt).then(() => {}),
    });
    try {
      const transport = await definition.listen(input.configuration, running, { urlAllowed: (url) => urlAllowed(this.db, url) });
      Object.assign(runtime, { state: "RUNNING", startedAt: new Date().toISOString(), running: { input: running, transport } });
      this.options.stateChanged?.(input, "RUNNING");
    } catch (error) {
      await running.close();
      Object.assign(runtime, { state: "FAILED", failure: error instanceof Error ? error.message : String(error) });
      this.options.stateChanged?.(input, "FAILED");
    }
  }

  private async announceRunning(): Promise<void> {
    const running = [...this.runtimes.values()].filter((runtime) => runtime.state === "RUNNING").length;
    await this.options.runningChanged?.(running);
  }

  private async halt(id: string): Promise<void> {
    const runtime = this.runtimes.get(id);
    if (!runtime?.running) return;
    const { input, transport } = runtime.running;
    runtime.running = null;
    await transport.stop();
    await input.close();
  }

  private markStopped(input: StoredInput): void {
    this.runtimes.set(input.id, { state: "STOPPED", startedAt: null, failure: null, running: null });
  }

  private async setDesiredState(input: StoredInput, state: StoredInput["desiredState"]): Promise<void> {
    if (input.desiredState === state) return;
    await this.db.run("UPDATE inputs SET desired_state = ? WHERE id = ?", [state, input.id]);
    input.desiredState = state;
  }

  private stateOf(input: StoredInput): InputStateSummary {
    const runtime = this.runtimes.get(input.id) ?? { state: "STOPPED", startedAt: null, failure: null, running: null };
    return {
      id: input.id,
      state: runtime.state,
      started_at: runtime.startedAt,
      detailed_message: runtime.failure ?? droppedNote(runtime.running?.input ?? null),
      message_input: this.summary(input),
    };
  }

  private summary(input: StoredInput): InputSummary {
    const fields = isInputType(input.type) ? inputType(input.type).fields : [];
    return {
      id: input.id,
      title: input.title,
      global: input.global,
      name: isInputType(input.type) ? inputType(input.type).name : input.type,
      content_pack: null,
      created_at: input.createdAt,
      type: input.type,
      creator_user_id: input.creatorUserId,
      attributes: readableConfiguration(fields, input.configuration),
      static_fields: { ...input.staticFields },
      node: input.node,
    };
  }
}

/** Fields the server sets itself: a static field may not take their names. */
const RESERVED_FIELDS = new Set([
  "_id",
  "message",
  "source",
  "timestamp",
  "full_message",
  "streams",
  "gl2_source_input",
  "gl2_source_node",
  "gl2_remote_ip",
  "gl2_message_id",
]);

/** What a running input dropped, for its state's detailed message; null when nothing was dropped. */
function droppedNote(input: RunningInput | null): string | null {
  if (!input || input.malformedTotal === 0) return null;
  const count = input.malformedTotal;
  return `Dropped ${count} malformed message${count === 1 ? "" : "s"}; the last: ${input.lastMalformedReason}`;
}
