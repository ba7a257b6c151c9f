/**
 * Tables of event notifications: the notifications (config as JSON, as Graylog keeps the document), one row per
 * send of a notification for an event with its retries (`status` pending → sent | failed), and the outbox where the
 * email notification delivers its mail. No primary keys on the rows that are updated: DuckDB refuses some updates
 * of indexed rows inside a transaction.
 */
export const NOTIFICATION_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS event_notifications (
     id VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, description VARCHAR NOT NULL, config JSON NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS event_notification_deliveries (
     id VARCHAR NOT NULL, notification_id VARCHAR NOT NULL, event_id VARCHAR NOT NULL, event_definition_id VARCHAR NOT NULL,
     event_key VARCHAR NOT NULL, event_timestamp BIGINT NOT NULL, payload JSON NOT NULL, status VARCHAR NOT NULL,
     attempts INTEGER NOT NULL, last_error VARCHAR, created_at BIGINT NOT NULL, next_attempt_at BIGINT, sent_at BIGINT)`,
  `CREATE TABLE IF NOT EXISTS event_notification_outbox (
     id VARCHAR NOT NULL, notification_id VARCHAR NOT NULL, sender VARCHAR NOT NULL, reply_to VARCHAR NOT NULL,
     recipients VARCHAR[] NOT NULL, subject VARCHAR NOT NULL, body VARCHAR NOT NULL, html_body VARCHAR NOT NULL,
     delivered_at BIGINT NOT NULL)`,
];
