import type { Database } from "./database.ts";
import { DECORATOR_STATEMENTS } from "./decorators/decorator-store.ts";
import { EVENT_STATEMENTS } from "./events/events-schema.ts";
import { NOTIFICATION_STATEMENTS } from "./events/notifications/notification-statements.ts";
import { GROK_STATEMENTS } from "./grok/grok-pattern-store.ts";
import { CONTENT_PACK_STATEMENTS } from "./content-packs/content-pack-store.ts";
import { SIDECAR_STATEMENTS } from "./sidecars/sidecar-store.ts";
import { INPUT_STATEMENTS } from "./inputs/input-store.ts";
import { EXTRACTOR_STATEMENTS } from "./extractors/extractor-store.ts";
import { OUTPUT_STATEMENTS } from "./outputs/output-store.ts";
import { LOOKUP_STATEMENTS } from "./lookup/lookup-store.ts";
import { LOOKUP_SEED_STATEMENTS } from "./lookup/seed-lookup-tables.ts";
import { PIPELINE_STATEMENTS } from "./pipelines/pipeline-store.ts";
import { STREAM_STATEMENTS } from "./streams/stream-store.ts";
import { SEARCH_STATEMENTS } from "./search/search-repository.ts";
import { MESSAGE_STORE_STATEMENTS, migrateMessageStore } from "./store/message-schema.ts";
import { VIEW_STATEMENTS } from "./views/view-store.ts";
import { SHARE_STATEMENTS } from "./shares/share-store.ts";
import { TELEMETRY_STATEMENTS } from "./telemetry/telemetry-settings-store.ts";
import { USER_STATEMENTS } from "./user-store.ts";
import { ACCESS_TOKEN_STATEMENTS } from "./access-token-store.ts";
import { ROLE_STATEMENTS } from "./roles/role-store.ts";
import { TEAM_STATEMENTS } from "./teams/team-store.ts";
import { AUTH_SERVICE_STATEMENTS } from "./authentication/auth-service-store.ts";
import { DIRECTORY_SIGN_IN_STATEMENTS } from "./authentication/directory-sign-in.ts";
import { EXPORT_JOB_STATEMENTS } from "./export-jobs/export-job-store.ts";
import { SYSTEM_MESSAGE_STATEMENTS } from "./system-messages/system-message-store.ts";
import { PROCESSING_STATEMENTS } from "./processing/processing-control.ts";
import { IMPORT_LEDGER_STATEMENTS } from "./import/import-ledger.ts";
import { SUPPORT_BUNDLE_STATEMENTS } from "./support-bundle/support-bundle-store.ts";

/**
 * Tables of the embedded backend's own entities. Each statement is idempotent so that opening an existing
 * database file is the same as creating a new one.
 */
const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS roles (
     name VARCHAR PRIMARY KEY, description VARCHAR NOT NULL, permissions VARCHAR[] NOT NULL, read_only BOOLEAN NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS users (
     id VARCHAR PRIMARY KEY, username VARCHAR UNIQUE NOT NULL, full_name VARCHAR NOT NULL, first_name VARCHAR,
     last_name VARCHAR, email VARCHAR NOT NULL, password_hash VARCHAR NOT NULL, roles VARCHAR[] NOT NULL,
     permissions VARCHAR[] NOT NULL, read_only BOOLEAN NOT NULL, timezone VARCHAR, session_timeout_ms BIGINT NOT NULL,
     preferences JSON NOT NULL, startpage JSON, account_status VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS sessions (
     id VARCHAR PRIMARY KEY, username VARCHAR NOT NULL, host VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL,
     last_access TIMESTAMP NOT NULL, timeout_ms BIGINT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS favorites (
     username VARCHAR NOT NULL, grn VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, PRIMARY KEY (username, grn))`,
  `CREATE TABLE IF NOT EXISTS entity_list_preferences (
     username VARCHAR NOT NULL, entity_table_id VARCHAR NOT NULL, preferences JSON NOT NULL,
     PRIMARY KEY (username, entity_table_id))`,
  `CREATE TABLE IF NOT EXISTS notifications (
     type VARCHAR NOT NULL, key VARCHAR NOT NULL DEFAULT '', severity VARCHAR NOT NULL, timestamp TIMESTAMP NOT NULL,
     details JSON NOT NULL, PRIMARY KEY (type, key))`,
  `CREATE TABLE IF NOT EXISTS cluster_identity (cluster_id VARCHAR NOT NULL, node_id VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS cluster_config (name VARCHAR PRIMARY KEY, value JSON NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS streams (
     id VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, description VARCHAR NOT NULL, is_default BOOLEAN NOT NULL,
     disabled BOOLEAN NOT NULL, created_at TIMESTAMP NOT NULL)`,
  // Added by the message store (index sets, routing); databases from before get them with their defaults.
  `ALTER TABLE streams ADD COLUMN IF NOT EXISTS index_set_id VARCHAR`,
  `ALTER TABLE streams ADD COLUMN IF NOT EXISTS remove_matches_from_default_stream BOOLEAN DEFAULT false`,
  `ALTER TABLE streams ADD COLUMN IF NOT EXISTS matching_type VARCHAR DEFAULT 'AND'`,
  ...STREAM_STATEMENTS,
  ...MESSAGE_STORE_STATEMENTS,
  ...SEARCH_STATEMENTS,
  ...VIEW_STATEMENTS,
  ...DECORATOR_STATEMENTS,
  ...EVENT_STATEMENTS,
  ...NOTIFICATION_STATEMENTS,
  ...GROK_STATEMENTS,
  ...CONTENT_PACK_STATEMENTS,
  ...SIDECAR_STATEMENTS,
  ...INPUT_STATEMENTS,
  ...EXTRACTOR_STATEMENTS,
  ...OUTPUT_STATEMENTS,
  ...LOOKUP_STATEMENTS,
  ...LOOKUP_SEED_STATEMENTS,
  ...PIPELINE_STATEMENTS,
  // After views and users: the migration gives existing views their owner grant.
  ...SHARE_STATEMENTS,
  ...TELEMETRY_STATEMENTS,
  ...USER_STATEMENTS,
  ...ACCESS_TOKEN_STATEMENTS,
  ...ROLE_STATEMENTS,
  ...TEAM_STATEMENTS,
  ...AUTH_SERVICE_STATEMENTS,
  ...DIRECTORY_SIGN_IN_STATEMENTS,
  ...EXPORT_JOB_STATEMENTS,
  ...SYSTEM_MESSAGE_STATEMENTS,
  ...PROCESSING_STATEMENTS,
  ...IMPORT_LEDGER_STATEMENTS,
  ...SUPPORT_BUNDLE_STATEMENTS,
];

export async function migrate(db: Database): Promise<void> {
  await migrateMessageStore(db);
  for (const statement of STATEMENTS) await db.run(statement);
}
