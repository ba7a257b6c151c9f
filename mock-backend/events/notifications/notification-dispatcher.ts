import type { DuckDBConnection } from "@duckdb/node-api";
import type { EventNotificationPayload, NotificationConfig } from "../../../api/schemas/event-notifications.ts";
import type { EventDefinition } from "../../../api/schemas/events.ts";
import type { Database } from "../../database.ts";
import { objectId } from "../../object-id.ts";
import { sendNotification, type SenderEnvironment } from "./notification-senders.ts";

/** How deliveries are retried: the first retry after `baseDelayMs`, each next one twice as late. */
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 5_000 };

/**
 * Queues the notifications of new events in the transaction that writes the events (so an event is notified
 * exactly once, whatever stops the server), honouring the definition's grace period per event key: an event whose
 * key was notified less than `grace_period_ms` before is stored but not notified again.
 */
export async function queueNotifications(
  connection: DuckDBConnection,
  definition: EventDefinition,
  payloads: readonly EventNotificationPayload[],
  now: number,
): Promise<number> {
  if (definition.notifications.length === 0) return 0;
  const grace = definition.notification_settings.grace_period_ms;
  const lastByKey = new Map<string, number>();
  let queued = 0;
  for (const payload of [...payloads].sort((a, b) => Date.parse(a.event.timestamp) - Date.parse(b.event.timestamp))) {
    const key = payload.event.key ?? "";
    const at = Date.parse(payload.event.timestamp);
    if (!lastByKey.has(key)) {
      const reader = await connection.runAndReadAll(
        "SELECT max(event_timestamp) FROM event_notification_deliveries WHERE event_definition_id = ? AND event_key = ?",
        [definition.id, key],
      );
      const last = reader.getRows()[0]?.[0];
      if (last !== null && last !== undefined) lastByKey.set(key, Number(last));
    }
    const last = lastByKey.get(key);
    if (last !== undefined && grace > 0 && at - last < grace) continue;
    lastByKey.set(key, at);
    for (const { notification_id } of definition.notifications) {
      await connection.run(
        "INSERT INTO event_notification_deliveries VALUES (?, ?, ?, ?, ?, ?, ?::JSON, 'pending', 0, NULL, ?, ?, NULL)",
        [objectId(now), notification_id, payload.event.id, definition.id, key, at, JSON.stringify(payload), now, now],
      );
      queued++;
    }
  }
  return queued;
}

/**
 * Sends queued deliveries that are due, one at a time, and records each outcome: sent, or a retry after a doubling
 * delay, or failed after the last attempt. Runs on a timer while the server runs; `dispatch()` runs one round.
 */
export class NotificationDispatcher {
  #timer: ReturnType<typeof setInterval> | null = null;
  #round: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly db: Database,
    private readonly environment: SenderEnvironment,
    private readonly retry: RetryPolicy = DEFAULT_RETRY_POLICY,
  ) {}

  start(tickMs: number): void {
    this.#timer ??= setInterval(() => void this.dispatch().catch((error) => console.error("Sending notifications failed", error)), tickMs);
  }

  async stop(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#round.catch(() => 0);
  }

  /** One round over the due deliveries; resolves to how many were attempted. Rounds never overlap. */
  dispatch(now = Date.now()): Promise<number> {
    this.#round = this.#round.catch(() => 0).then(() => this.#dispatchDue(now));
    return this.#round;
  }

  async #dispatchDue(now: number): Promise<number> {
    const due = await this.db.all(
      `SELECT d.id, d.notification_id, d.attempts, d.payload, n.config FROM event_notification_deliveries d
       LEFT JOIN event_notifications n ON n.id = d.notification_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.id LIMIT 100`,
      [now],
    );
    for (const row of due) {
      const attempts = Number(row.attempts) + 1;
      const id = String(row.id);
      if (row.config === null) {
        await this.#record(id, "failed", attempts, "The notification was deleted.", null);
        continue;
      }
      try {
        await sendNotification(
          JSON.parse(String(row.config)) as NotificationConfig,
          JSON.parse(String(row.payload)) as EventNotificationPayload,
          String(row.notification_id),
          this.environment,
        );
        await this.db.run(
          "UPDATE event_notification_deliveries SET status = 'sent', attempts = ?, last_error = NULL, next_attempt_at = NULL, sent_at = ? WHERE id = ?",
          [attempts, Date.now(), id],
        );
      } catch (error) {
        const message = (error as Error).message;
        const retryAt = attempts >= this.retry.maxAttempts ? null : Date.now() + this.retry.baseDelayMs * 2 ** (attempts - 1);
        await this.#record(id, retryAt === null ? "failed" : "pending", attempts, message, retryAt);
      }
    }
    return due.length;
  }

  async #record(id: string, status: "pending" | "failed", attempts: number, error: string, retryAt: number | null): Promise<void> {
    await this.db.run(
      "UPDATE event_notification_deliveries SET status = ?, attempts = ?, last_error = ?, next_attempt_at = ? WHERE id = ?",
      [status, attempts, error, retryAt, id],
    );
  }
}
