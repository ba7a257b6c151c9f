import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { ProcessingStatusSummarySchema } from "../../api/schemas/processing.ts";
import { SystemInfoSchema } from "../../api/schemas/system.ts";
import { ClusterJobsSchema, JobTriggeredSchema, SystemJobListSchema, SystemJobSummarySchema } from "../../api/schemas/system-jobs.ts";
import { SYSTEM_MESSAGES_PER_PAGE, SystemMessagesPageSchema } from "../../api/schemas/system-messages.ts";
import { DEFAULT_INDEX_SET_ID } from "../../fixtures/seed-streams.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import type { IncomingMessage } from "../../mock-backend/store/incoming-message.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const RANGE_JOB = "org.graylog2.indexer.ranges.RebuildIndexRangesJob";

async function ok(h: ApiHarness, method: "GET" | "POST" | "PUT" | "DELETE", path: string, status: number, body?: unknown) {
  const answer = await h.call(method, path, body === undefined ? {} : { body });
  assert.equal(answer.status, status, `${method} ${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

function assertBadRequest(answer: { status: number; body: unknown }, field: RegExp): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, field);
}

const messages = (source: string, count: number): IncomingMessage[] =>
  Array.from({ length: count }, (_, i) => ({ timestamp: Date.parse("2026-01-02T00:00:00Z") + i * 1000, source, message: `message ${i}` }));

async function systemMessages(h: ApiHarness, page = 1) {
  return assertSchema(SystemMessagesPageSchema, await ok(h, "GET", `/system/messages?page=${page}`, 200));
}

apiTest("a range rebuild runs as a system job that stays listed, complete at 100 %, until it is acknowledged", async (h) => {
  await ok(h, "POST", "/system/indices/ranges/rebuild", 202);
  const { jobs } = assertSchema(SystemJobListSchema, await ok(h, "GET", "/system/jobs", 200));
  const job = jobs.find((j) => j.name === RANGE_JOB);
  assert.ok(job, JSON.stringify(jobs));
  assert.equal(job.job_status, "complete");
  assert.equal(job.percent_complete, 100);
  assert.equal(job.description, "Rebuilds index range information.");
  const cluster = assertSchema(ClusterJobsSchema, await ok(h, "GET", "/cluster/jobs", 200));
  const info = assertSchema(SystemInfoSchema, await ok(h, "GET", "/system", 200));
  assert.deepEqual(cluster[info.node_id].jobs.map((j) => j.id), jobs.map((j) => j.id));
  assert.equal(assertSchema(SystemJobSummarySchema, await ok(h, "GET", `/system/jobs/${job.id}`, 200)).id, job.id);
  // Not cancelable; then acknowledged it leaves the list, and a second acknowledgement finds nothing.
  assert.equal((await h.call("DELETE", `/system/jobs/${job.id}`)).status, 403);
  await ok(h, "DELETE", `/system/jobs/acknowledge/${job.id}`, 202);
  const after = assertSchema(SystemJobListSchema, await ok(h, "GET", "/system/jobs", 200));
  assert.ok(!after.jobs.some((j) => j.id === job.id));
  assert.equal((await h.call("DELETE", `/system/jobs/acknowledge/${job.id}`)).status, 404);
  assert.equal((await h.call("GET", `/system/jobs/${job.id}`)).status, 404);
  // The job wrote its system message.
  const { messages: written } = await systemMessages(h);
  assert.ok(written.some((m) => m.caller === RANGE_JOB && /Took \d+ ms\./.test(m.content)), JSON.stringify(written));
});

apiTest("POST /system/jobs starts the range rebuild; any other job name is a 400 naming job_name", async (h) => {
  const { system_job_id } = assertSchema(JobTriggeredSchema, await ok(h, "POST", "/system/jobs", 202, { job_name: RANGE_JOB }));
  await (h.backend as EmbeddedBackend).messageStore.exclusive(() => Promise.resolve());
  let job = assertSchema(SystemJobSummarySchema, await ok(h, "GET", `/system/jobs/${system_job_id}`, 200));
  for (let i = 0; i < 50 && job.job_status === "running"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    job = assertSchema(SystemJobSummarySchema, await ok(h, "GET", `/system/jobs/${system_job_id}`, 200));
  }
  assert.equal(job.job_status, "complete");
  assertBadRequest(await h.call("POST", "/system/jobs", { body: { job_name: "org.example.Nope" } }), /job_name/);
  assertBadRequest(await h.call("POST", "/system/jobs", { body: {} }), /job_name/);
  assertBadRequest(await h.call("POST", "/system/jobs", { body: { job_name: RANGE_JOB, extra: 1 } }), /extra/);
  assert.equal((await h.call("POST", "/system/jobs", { body: { job_name: RANGE_JOB }, cookie: h.readerCookie })).status, 403);
  assert.equal((await h.call("GET", "/system/jobs", { cookie: h.readerCookie })).status, 403);
});

apiTest("a deflector cycle writes the alias change as a system message and recalculates the previous index in a job", async (h) => {
  await (h.backend as EmbeddedBackend).messageStore.ingest(messages("cycle-host", 5));
  const before = (h.backend as EmbeddedBackend).indexSets.writeIndex(DEFAULT_INDEX_SET_ID)!.name;
  await ok(h, "POST", `/cluster/deflector/${DEFAULT_INDEX_SET_ID}/cycle`, 204);
  const after = (h.backend as EmbeddedBackend).indexSets.writeIndex(DEFAULT_INDEX_SET_ID)!.name;
  const { messages: written, total } = await systemMessages(h);
  assert.ok(total >= 2);
  assert.ok(written.some((m) => m.content === `Cycled index alias <graylog_deflector> from <${before}> to <${after}>.`), JSON.stringify(written));
  assert.ok(written.some((m) => m.content === "Started up."));
  const { jobs } = assertSchema(SystemJobListSchema, await ok(h, "GET", "/system/jobs", 200));
  const readOnly = jobs.find((j) => j.name === "org.graylog2.indexer.SetIndexReadOnlyAndCalculateRangeJob");
  assert.equal(readOnly?.info, `Index ${before}`);
});

apiTest("system messages come 30 a page, newest first; a bad page is a 400 naming page", async (h) => {
  const backend = h.backend as EmbeddedBackend;
  for (let i = 0; i < 40; i++) backend.systemMessages.record("test", `event ${i}`);
  const first = await systemMessages(h);
  assert.equal(first.total, 41); // with "Started up."
  assert.equal(first.messages.length, SYSTEM_MESSAGES_PER_PAGE);
  assert.equal(first.messages[0].content, "event 39");
  const second = await systemMessages(h, 2);
  assert.equal(second.messages.length, 11);
  assert.equal(second.messages.at(-1)?.content, "Started up.");
  assertBadRequest(await h.call("GET", "/system/messages?page=0"), /page/);
  assertBadRequest(await h.call("GET", "/system/messages?page=x"), /page/);
  assert.equal((await h.call("GET", "/system/messages", { cookie: h.readerCookie })).status, 403);
});

apiTest("paused processing holds received messages unstored until it resumes; the node says it is paused", async (h) => {
  const backend = h.backend as EmbeddedBackend;
  await ok(h, "PUT", "/system/processing/pause", 204);
  const info = assertSchema(SystemInfoSchema, await ok(h, "GET", "/system", 200));
  assert.equal(info.is_processing, false);
  assert.equal(info.lifecycle, "paused");
  let stored = false;
  const ingest = backend.messageStore.ingest(messages("paused-host", 3)).then((result) => {
    stored = true;
    return result;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(stored, false, "nothing is processed while paused");
  assert.equal((await backend.messageStore.exclusive(() => Promise.resolve("free"))), "free", "index maintenance is not held");
  const persisted = assertSchema(ProcessingStatusSummarySchema, await ok(h, "GET", "/system/processing/status/persisted", 200));
  assert.ok(Date.parse(persisted.receive_times.pre_journal) >= 0);
  await ok(h, "POST", `/cluster/${info.node_id}/processing/resume`, 204);
  assert.equal((await ingest).messages, 3);
  const status = assertSchema(ProcessingStatusSummarySchema, await ok(h, "GET", "/system/processing/status", 200));
  assert.ok(Date.now() - Date.parse(status.receive_times.post_indexing) < 10_000);
  assert.equal(assertSchema(SystemInfoSchema, await ok(h, "GET", "/system", 200)).is_processing, true);
  const { messages: written } = await systemMessages(h);
  assert.deepEqual(written.filter((m) => /Message processing/.test(m.content)).map((m) => m.content), ["Message processing resumed.", "Message processing paused."]);
  assert.equal((await h.call("POST", "/cluster/nope/processing/pause")).status, 404);
  assert.equal((await h.call("PUT", "/system/processing/pause", { cookie: h.readerCookie })).status, 403);
});
