import type { EventDefinition } from "../../../api/schemas/events.ts";
import {
  type EventNotification,
  type EventNotificationBody,
  type EventNotificationPayload,
  type EventNotificationStore,
  type NotificationDelivery,
  type NotificationSortField,
  type OutboxMail,
} from "../../../api/schemas/event-notifications.ts";
import type { EntityPage, PageRequest } from "../../../api/schemas/paginated.ts";
import type { Database, Row } from "../../database.ts";
import { type EntityListDefinition, listPage } from "../../entity-list/paginated-entity-store.ts";
import { objectId } from "../../object-id.ts";
import { sendNotification, type SenderEnvironment } from "./notification-senders.ts";

const NOTIFICATION_LIST: EntityListDefinition<NotificationSortField> = {
  from: "event_notifications",
  columns: "id, title, description, config",
  searchFields: { title: "title", description: "description" },
  defaultSearchFields: ["title"],
  sortColumns: { title: "lower(title)", description: "lower(description)" },
  tieBreaker: "id",
};

/** Event notifications on DuckDB, with their deliveries and the email outbox. */
export class EmbeddedNotificationStore implements EventNotificationStore {
  constructor(private readonly db: Database, private readonly environment: SenderEnvironment) {}

  async page(request: PageRequest<NotificationSortField>): Promise<EntityPage<EventNotification>> {
    const page = await listPage<Row, NotificationSortField>(this.db, NOTIFICATION_LIST, request);
    return { total: page.total, elements: page.elements.map(decodeNotification) };
  }

  async get(id: string): Promise<EventNotification | null> {
    const row = await this.db.first("SELECT id, title, description, config FROM event_notifications WHERE id = ?", [id]);
    return row ? decodeNotification(row) : null;
  }

  async create(body: EventNotificationBody): Promise<EventNotification> {
    const created: EventNotification = { id: objectId(), title: body.title, description: body.description, config: body.config };
    await this.db.run("INSERT INTO event_notifications VALUES (?, ?, ?, ?::JSON)", [
      created.id,
      created.title,
      created.description,
      JSON.stringify(created.config),
    ]);
    return created;
  }

  async update(id: string, body: EventNotificationBody): Promise<EventNotification | null> {
    const rows = await this.db.write(
      "UPDATE event_notifications SET title = ?, description = ?, config = ?::JSON WHERE id = ? RETURNING id",
      [body.title, body.description, JSON.stringify(body.config), id],
    );
    return rows.length > 0 ? { id, title: body.title, description: body.description, config: body.config } : null;
  }

  async delete(id: string): Promise<boolean> {
    let deleted = false;
    await this.db.transaction(async (connection) => {
      const reader = await connection.runAndReadAll("DELETE FROM event_notifications WHERE id = ? RETURNING id", [id]);
      deleted = reader.getRows().length > 0;
      if (!deleted) return;
      // Definitions stop naming it (Graylog refuses while definitions use it; removing the reference keeps them valid).
      const users = await connection.runAndReadAll(
        "SELECT id, notifications FROM event_definitions WHERE contains(CAST(notifications AS VARCHAR), ?)",
        [id],
      );
      for (const [definitionId, notifications] of users.getRows()) {
        const kept = (JSON.parse(String(notifications)) as EventDefinition["notifications"])
          .filter((notification) => notification.notification_id !== id);
        await connection.run("UPDATE event_definitions SET notifications = ?::JSON WHERE id = ?", [JSON.stringify(kept), String(definitionId)]);
      }
      await connection.run("UPDATE event_notification_deliveries SET status = 'failed', last_error = 'The notification was deleted.', next_attempt_at = NULL WHERE notification_id = ? AND status = 'pending'", [id]);
    });
    return deleted;
  }

  async test(notification: EventNotificationBody, definition: EventDefinition | null): Promise<void> {
    await sendNotification(notification.config, testPayload(definition), notification.id ?? "test", this.environment);
  }

  async deliveries(notificationId: string, limit: number): Promise<NotificationDelivery[]> {
    const rows = await this.db.all(
      `SELECT id, notification_id, event_id, event_definition_id, status, attempts, last_error, created_at, next_attempt_at, sent_at
       FROM event_notification_deliveries WHERE notification_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      [notificationId, limit],
    );
    return rows.map((row) => ({
      id: String(row.id),
      notification_id: String(row.notification_id),
      event_id: String(row.event_id),
      event_definition_id: String(row.event_definition_id),
      status: String(row.status) as NotificationDelivery["status"],
      attempts: Number(row.attempts),
      last_error: row.last_error === null ? null : String(row.last_error),
      created_at: iso(row.created_at)!,
      next_attempt_at: iso(row.next_attempt_at),
      sent_at: iso(row.sent_at),
    }));
  }

  async outbox(limit: number): Promise<{ mails: OutboxMail[]; total: number }> {
    const rows = await this.db.all(
      `SELECT *, count(*) OVER () AS total FROM event_notification_outbox ORDER BY delivered_at DESC, id DESC LIMIT ?`,
      [limit],
    );
    return {
      total: rows.length > 0 ? Number(rows[0].total) : 0,
      mails: rows.map((row) => ({
        id: String(row.id),
        notification_id: String(row.notification_id),
        sender: String(row.sender),
        reply_to: String(row.reply_to),
        recipients: [...(row.recipients as string[])],
        subject: String(row.subject),
        body: String(row.body),
        html_body: String(row.html_body),
        delivered_at: iso(row.delivered_at)!,
      })),
    };
  }
}

/** Delivers a rendered mail to the outbox (the email notification's stand-in for an SMTP server). */
export async function deliverToOutbox(db: Database, mail: Omit<OutboxMail, "id" | "delivered_at">): Promise<void> {
  await db.run("INSERT INTO event_notification_outbox VALUES (?, ?, ?, ?, ?::VARCHAR[], ?, ?, ?, ?)", [
    objectId(),
    mail.notification_id,
    mail.sender,
    mail.reply_to,
    JSON.stringify(mail.recipients),
    mail.subject,
    mail.body,
    mail.html_body,
    Date.now(),
  ]);
}

/** Graylog's test notification: a made-up event of the definition being edited, or of a sample one. */
function testPayload(definition: EventDefinition | null): EventNotificationPayload {
  const now = new Date().toISOString();
  const definitionId = definition?.id ?? "<unknown>";
  return {
    event_definition_id: definitionId,
    event_definition_type: definition?.config.type ?? "test-dummy-v1",
    event_definition_title: definition?.title ?? "Event Definition Test Title",
    event_definition_description: definition?.description ?? "Event Definition Test Description",
    job_definition_id: "<unknown>",
    job_trigger_id: "<unknown>",
    event: {
      id: "NotificationTestId",
      event_definition_type: "notification-test-v1",
      event_definition_id: definitionId,
      origin_context: null,
      timestamp: now,
      timestamp_processing: now,
      timerange_start: null,
      timerange_end: null,
      streams: [],
      source_streams: [],
      message: "Notification test message triggered from user <admin>",
      source: "Sluice",
      key_tuple: ["testkey"],
      key: "testkey",
      priority: 2,
      alert: true,
      fields: { field1: "value1", field2: "value2" },
      group_by_fields: {},
    },
    backlog: [],
  };
}

function decodeNotification(row: Row): EventNotification {
  return {
    id: String(row.id),
    title: String(row.title),
    description: String(row.description),
    config: (typeof row.config === "string" ? JSON.parse(row.config) : row.config) as EventNotification["config"],
  };
}

function iso(value: unknown): string | null {
  return value === null || value === undefined ? null : new Date(Number(value)).toISOString();
}
