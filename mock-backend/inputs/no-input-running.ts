import type { Database } from "../database.ts";

/**
 * Graylog's 'There is a node without any running inputs' notification: raised when the last running input stops or
 * goes, fixed when one runs again.
 */
export async function noInputRunning(db: Database, none: boolean): Promise<void> {
  if (none) {
    await db.run(
      "INSERT INTO notifications VALUES ('no_input_running', '', 'urgent', make_timestamp(?::BIGINT * 1000), '{}') ON CONFLICT DO NOTHING",
      [Date.now()],
    );
  } else {
    await db.run("DELETE FROM notifications WHERE type = 'no_input_running' AND key = ''");
  }
}
