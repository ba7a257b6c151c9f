import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { ClusterSubsystemsSchema, LoggersSchema, RecentLogMessagesSchema, SubsystemsSchema } from "../../api/schemas/logging.ts";
import { SystemInfoSchema } from "../../api/schemas/system.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const BATCH_LINE = /Processed and stored a batch of 2 messages\./;

async function recentLines(h: Parameters<Parameters<typeof apiTest>[1]>[0]) {
  return assertSchema(RecentLogMessagesSchema, (await h.call("GET", "/system/loggers/messages/recent?limit=100")).body).messages;
}

apiTest("setting the graylog subsystem to DEBUG at runtime makes the server log each processed batch; INFO stops it again", async (h) => {
  const store = (h.backend as EmbeddedBackend).messageStore;
  const ingest = () => store.ingest([{ timestamp: Date.now(), source: "a", message: "one" }, { timestamp: Date.now(), source: "a", message: "two" }]);
  const subsystems = assertSchema(SubsystemsSchema, (await h.call("GET", "/system/loggers/subsystems")).body).subsystems;
  assert.equal(subsystems.graylog.level, "INFO");
  await ingest();
  assert.ok(!(await recentLines(h)).some((line) => BATCH_LINE.test(line.message)), "no debug line at INFO");

  assert.equal((await h.call("PUT", "/system/loggers/subsystems/graylog/level/debug")).status, 204);
  await ingest();
  const lines = await recentLines(h);
  const batch = lines.find((line) => BATCH_LINE.test(line.message));
  assert.equal(batch?.level, "DEBUG");
  assert.equal(batch?.logger_name, "org.graylog2.shared.buffers.processors.ProcessBufferProcessor");
  assert.ok(lines.some((line) => line.message === "Set log level of <org.graylog2> to <DEBUG>."));
  const loggers = assertSchema(LoggersSchema, (await h.call("GET", "/system/loggers")).body).loggers;
  assert.deepEqual(loggers["org.graylog2.shared.buffers.processors.ProcessBufferProcessor"], { level: "DEBUG", level_syslog: 7 });

  const info = assertSchema(SystemInfoSchema, (await h.call("GET", "/system")).body);
  assert.equal((await h.call("PUT", `/cluster/system/loggers/${info.node_id}/subsystems/graylog/level/INFO`)).status, 204);
  const before = (await recentLines(h)).filter((line) => BATCH_LINE.test(line.message)).length;
  await ingest();
  assert.equal((await recentLines(h)).filter((line) => BATCH_LINE.test(line.message)).length, before);
  const cluster = assertSchema(ClusterSubsystemsSchema, (await h.call("GET", "/cluster/system/loggers/subsystems")).body);
  assert.equal(cluster[info.node_id].subsystems.graylog.level, "INFO");

  // A single logger below the subsystem.
  assert.equal((await h.call("PUT", "/system/loggers/org.graylog2.shared.buffers.processors.ProcessBufferProcessor/level/debug")).status, 204);
  await ingest();
  assert.equal((await recentLines(h)).filter((line) => BATCH_LINE.test(line.message)).length, before + 1);
});

apiTest("bad levels, subsystems, logger names and limits are 400s naming them; readers may not change levels", async (h) => {
  const bad = async (method: "GET" | "PUT", path: string, field: RegExp) => {
    const answer = await h.call(method, path);
    assert.equal(answer.status, 400, `${path}: ${JSON.stringify(answer.body)}`);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, field);
  };
  await bad("PUT", "/system/loggers/subsystems/graylog/level/loud", /level/);
  await bad("PUT", "/system/loggers/subsystems/nope/level/debug", /subsystem/);
  await bad("PUT", "/system/loggers/bad%20name/level/debug", /loggerName/);
  await bad("GET", "/system/loggers/messages/recent?limit=0", /limit/);
  assert.equal((await h.call("PUT", "/cluster/system/loggers/nope/subsystems/graylog/level/debug")).status, 404);
  assert.equal((await h.call("PUT", "/system/loggers/subsystems/graylog/level/debug", { cookie: h.readerCookie })).status, 403);
  assert.equal((await h.call("GET", "/system/loggers", { cookie: h.readerCookie })).status, 403);
});
