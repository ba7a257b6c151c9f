import { SYSTEM_MESSAGES_PER_PAGE, type SystemMessage, type SystemMessageStore } from "../../api/schemas/system-messages.ts";
import type { Database } from "../database.ts";

export const SYSTEM_MESSAGE_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS system_messages (
     caller VARCHAR NOT NULL, content VARCHAR NOT NULL, timestamp TIMESTAMP NOT NULL, node_id VARCHAR NOT NULL)`,
];

/**
 * System messages on DuckDB (Graylog keeps them in a capped collection: here the newest 10,000). Events happen
 * inside synchronous code (an index rotation in the middle of a batch), so `record` queues the write.
 */
export class EmbeddedSystemMessageStore implements SystemMessageStore {
  private writing: Promise<void> = Promise.resolve();

  /** `log` also writes each message to the server log, under its caller's logger. */
  constructor(private readonly db: Database, private readonly nodeId: string, private readonly log: (caller: string, content: string) => void = () => {}) {}

  async page(page: number): Promise<{ messages: SystemMessage[]; total: number }> {
    await this.settled();
    const [{ total }] = await this.db.all<{ total: bigint }>("SELECT count(*) AS total FROM system_messages");
    const rows = await this.db.all<{ caller: string; content: string; timestamp: Date; node_id: string }>(
      "SELECT * FROM system_messages ORDER BY timestamp DESC, rowid DESC LIMIT ? OFFSET ?",
      [SYSTEM_MESSAGES_PER_PAGE, (page - 1) * SYSTEM_MESSAGES_PER_PAGE],
    );
    return {
      total: Number(total),
      messages: rows.map((row) => ({ caller: row.caller, content: row.content, timestamp: row.timestamp.toISOString(), node_id: row.node_id })),
    };
  }

  record(caller: string, content: string): void {
    this.log(caller, content);
    const timestamp = new Date().toISOString();
    this.writing = this.writing.then(async () => {
      await this.db.run("INSERT INTO system_messages VALUES (?, ?, ?::TIMESTAMP, ?)", [caller, content, timestamp, this.nodeId]);
      await this.db.run(
        "DELETE FROM system_messages WHERE timestamp < (SELECT min(timestamp) FROM (SELECT timestamp FROM system_messages ORDER BY timestamp DESC LIMIT 10000))",
      );
    }).catch((error) => console.error(`Writing a system message failed: ${error}`));
  }

  settled(): Promise<void> {
    return this.writing;
  }
}
