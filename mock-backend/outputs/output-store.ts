import type {
  AvailableOutputSummary,
  CreateOutputRequest,
  OutputStore,
  OutputSummary,
  UpdateOutputRequest,
} from "../../api/schemas/outputs.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import type { Database } from "../database.ts";
import type { OutputRouter } from "../ingest/outputs-processor.ts";
import type { MetricRegistry } from "../metric-registry.ts";
import { objectId } from "../object-id.ts";
import type { IncomingMessage } from "../store/incoming-message.ts";
import type { OutputSender } from "./output-sender.ts";
import { ThroughputMeter } from "../throughput-meter.ts";
import { configurationProblem, isOutputType, OUTPUT_TYPE_DEFINITIONS, OUTPUT_TYPES, type OutputType } from "./output-types.ts";

export const OUTPUT_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS outputs (id VARCHAR PRIMARY KEY, summary JSON NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS stream_outputs (
     stream_id VARCHAR NOT NULL, output_id VARCHAR NOT NULL, PRIMARY KEY (stream_id, output_id))`,
];

interface RunningOutput {
  summary: OutputSummary;
  /** Started when a message is first forwarded to it; stopped when it changes or goes. */
  sender: OutputSender | null;
  /** The messages it wrote (handed to its sender), registered as `{type}.{id}.writes`. */
  writes: ThroughputMeter;
}

/** The metric name of an output's written-message meter (`{type}.{id}.writes`, as Graylog's outputs name theirs). */
const outputWritesMetric = (output: Pick<OutputSummary, "id" | "type">) => `${output.type}.${output.id}.writes`;

/**
 * Outputs on DuckDB, running in memory; the ingest chain forwards through it (OutputRouter), so a change applies to
 * the next batch.
 */
export class EmbeddedOutputStore implements OutputStore, OutputRouter {
  private readonly outputs = new Map<string, RunningOutput>();
  private readonly byStream = new Map<string, string[]>();

  private constructor(
    private readonly db: Database,
    private readonly streamExists: (streamId: string) => boolean,
    private readonly registry: MetricRegistry | undefined,
  ) {}

  static async open(db: Database, streamExists: (streamId: string) => boolean, registry?: MetricRegistry): Promise<EmbeddedOutputStore> {
    const store = new EmbeddedOutputStore(db, streamExists, registry);
    for (const row of await db.all<{ summary: string }>("SELECT summary FROM outputs ORDER BY id")) {
      store.running(JSON.parse(row.summary) as OutputSummary);
    }
    for (const row of await db.all<{ stream_id: string; output_id: string }>("SELECT stream_id, output_id FROM stream_outputs ORDER BY output_id")) {
      store.attachedTo(row.stream_id).push(row.output_id);
    }
    return store;
  }

  types(): AvailableOutputSummary[] {
    return OUTPUT_TYPES.map((type) => OUTPUT_TYPE_DEFINITIONS[type].summary);
  }

  list(): Promise<OutputSummary[]> {
    return Promise.resolve([...this.outputs.values()].map((output) => output.summary));
  }

  get(id: string): Promise<OutputSummary | null> {
    return Promise.resolve(this.outputs.get(id)?.summary ?? null);
  }

  async create(request: CreateOutputRequest, creatorUserId: string): Promise<OutputSummary> {
    const type = checkedType(request.type);
    checkConfiguration(type, request.configuration);
    const streams = request.streams ?? [];
    for (const streamId of streams) {
      if (!this.streamExists(streamId)) throw new EntityValidationError(`streams: no stream ${streamId}`);
    }
    const summary: OutputSummary = {
      id: objectId(),
      title: request.title,
      type,
      creator_user_id: creatorUserId,
      configuration: request.configuration,
      created_at: new Date().toISOString(),
      content_pack: request.content_pack ?? null,
    };
    await this.db.run("INSERT INTO outputs VALUES (?, ?)", [summary.id, JSON.stringify(summary)]);
    this.running(summary);
    for (const streamId of streams) await this.attach(streamId, [summary.id]);
    return summary;
  }

  async update(id: string, request: UpdateOutputRequest): Promise<OutputSummary | null> {
    const output = this.outputs.get(id);
    if (!output) return null;
    const configuration = request.configuration ?? output.summary.configuration;
    checkConfiguration(checkedType(output.summary.type), configuration);
    const summary = { ...output.summary, title: request.title ?? output.summary.title, configuration };
    await this.db.run("UPDATE outputs SET summary = ? WHERE id = ?", [JSON.stringify(summary), id]);
    output.sender?.close();
    this.outputs.set(id, { summary, sender: null, writes: output.writes });
    return summary;
  }

  async delete(id: string): Promise<boolean> {
    const output = this.outputs.get(id);
    if (!output) return false;
    await this.db.run("DELETE FROM stream_outputs WHERE output_id = ?", [id]);
    await this.db.run("DELETE FROM outputs WHERE id = ?", [id]);
    output.sender?.close();
    this.outputs.delete(id);
    this.registry?.unregister(outputWritesMetric(output.summary));
    for (const [streamId, ids] of this.byStream) this.byStream.set(streamId, ids.filter((candidate) => candidate !== id));
    return true;
  }

  ofStream(streamId: string): Promise<OutputSummary[]> {
    return Promise.resolve(this.outputsOf(streamId).flatMap((id) => {
      const output = this.outputs.get(id);
      return output ? [output.summary] : [];
    }));
  }

  async attach(streamId: string, outputIds: readonly string[]): Promise<string | null> {
    const missing = outputIds.find((id) => !this.outputs.has(id));
    if (missing !== undefined) return missing;
    const attached = this.attachedTo(streamId);
    for (const id of outputIds) {
      if (attached.includes(id)) continue;
      await this.db.run("INSERT INTO stream_outputs VALUES (?, ?)", [streamId, id]);
      attached.push(id);
    }
    return null;
  }

  async detach(streamId: string, outputId: string): Promise<boolean> {
    const attached = this.attachedTo(streamId);
    if (!attached.includes(outputId)) return false;
    await this.db.run("DELETE FROM stream_outputs WHERE stream_id = ? AND output_id = ?", [streamId, outputId]);
    this.byStream.set(streamId, attached.filter((id) => id !== outputId));
    return true;
  }

  attachedTitles(): string[] {
    const ids = new Set([...this.byStream.values()].flat());
    return [...ids].flatMap((id) => {
      const output = this.outputs.get(id);
      return output ? [output.summary.title] : [];
    });
  }

  outputsOf(streamId: string): readonly string[] {
    return this.byStream.get(streamId) ?? [];
  }

  forward(byOutput: ReadonlyMap<string, readonly IncomingMessage[]>): void {
    for (const [id, messages] of byOutput) {
      const output = this.outputs.get(id);
      if (!output) continue;
      try {
        output.sender ??= OUTPUT_TYPE_DEFINITIONS[checkedType(output.summary.type)].start(output.summary.configuration);
        output.sender.send(messages);
        output.writes.mark(messages.length);
      } catch (error) {
        // One output that cannot send (a receiver gone, a file no longer writable) neither stops the others nor the ingest.
        console.error(`Output ${output.summary.title} could not forward ${messages.length} messages`, error);
        output.sender?.close();
        output.sender = null;
      }
    }
  }

  /** Stops every output's connection. */
  close(): void {
    for (const output of this.outputs.values()) {
      output.sender?.close();
      output.sender = null;
    }
  }

  /** Holds `summary` as a running output, its meter in the registry. */
  private running(summary: OutputSummary): void {
    const writes = new ThroughputMeter();
    this.outputs.set(summary.id, { summary, sender: null, writes });
    this.registry?.register(outputWritesMetric(summary), { type: "meter", meter: writes });
  }

  private attachedTo(streamId: string): string[] {
    let ids = this.byStream.get(streamId);
    if (!ids) this.byStream.set(streamId, ids = []);
    return ids;
  }
}

function checkedType(type: string): OutputType {
  if (!isOutputType(type)) throw new EntityValidationError(`type: unknown output type ${type}`);
  return type;
}

function checkConfiguration(type: OutputType, configuration: CreateOutputRequest["configuration"]): void {
  const problem = configurationProblem(type, configuration);
  if (problem) throw new EntityValidationError(problem);
}
