/**
 * Tables of the events backend. `event_definitions` keeps each definition's scalar fields as columns and its
 * nested parts (config, field_spec, …) as JSON, as Graylog keeps them in one MongoDB document. `events` is the
 * events index: one row per event, `index_name` saying which index (`gl-events_0`) holds it. No primary key: an
 * evaluation deletes and re-inserts a definition's events in one transaction, which DuckDB's ART index refuses.
 */
export const EVENT_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS event_definitions (
     id VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, description VARCHAR NOT NULL, priority INTEGER NOT NULL,
     alert BOOLEAN NOT NULL, config JSON NOT NULL, field_spec JSON NOT NULL, key_spec VARCHAR[] NOT NULL,
     notification_settings JSON NOT NULL, notifications JSON NOT NULL, storage JSON NOT NULL, scope VARCHAR NOT NULL,
     updated_at TIMESTAMP, matched_at TIMESTAMP)`,
  `CREATE TABLE IF NOT EXISTS events (
     index_name VARCHAR NOT NULL, id VARCHAR NOT NULL, event_definition_type VARCHAR NOT NULL,
     event_definition_id VARCHAR NOT NULL, origin_context VARCHAR, timestamp TIMESTAMP NOT NULL,
     timestamp_processing TIMESTAMP NOT NULL, timerange_start TIMESTAMP, timerange_end TIMESTAMP,
     streams VARCHAR[] NOT NULL, source_streams VARCHAR[] NOT NULL, message VARCHAR NOT NULL, source VARCHAR NOT NULL,
     key_tuple VARCHAR[] NOT NULL, key VARCHAR, priority INTEGER NOT NULL, alert BOOLEAN NOT NULL,
     fields JSON NOT NULL, group_by_fields JSON NOT NULL)`,
  // The scheduler's state per definition (Graylog's job trigger): whether it runs, and the end of the last window
  // it evaluated (UTC ms), so that a restart neither evaluates a window twice nor skips one.
  `CREATE TABLE IF NOT EXISTS event_definition_schedules (
     definition_id VARCHAR PRIMARY KEY, is_scheduled BOOLEAN NOT NULL, evaluated_until BIGINT)`,
];
