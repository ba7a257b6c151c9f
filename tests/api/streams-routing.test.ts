import assert from "node:assert/strict";
import type { StreamCreatedSchema } from "../../api/schemas/streams.ts";
import { DEFAULT_INDEX_SET_ID } from "../../fixtures/seed-streams.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import type { IncomingMessage } from "../../mock-backend/store/incoming-message.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import type { z } from "@hono/zod-openapi";

let clock = Date.parse("2026-01-02T10:00:00Z");
const checkout = (): IncomingMessage => ({ timestamp: clock++, source: "app-01", message: "payment failed", fields: { service: "checkout" } });

/** Ingests one checkout message through the ingest chain and answers the streams it was stored in, by count. */
async function ingestAndCount(h: ApiHarness, streamId: string): Promise<{ stream: number; default: number }> {
  const store = (h.backend as EmbeddedBackend).messageStore;
  await store.ingest([checkout()]);
  return { stream: await store.count({ streams: [streamId] }), default: await store.count({ streams: [DEFAULT_STREAM_ID] }) };
}

async function ok(answer: Promise<{ status: number; body: unknown }>, status: number) {
  const { status: got, body } = await answer;
  assert.equal(got, status, JSON.stringify(body));
  return body;
}

apiTest("ingest routes by the streams as they are now: rules added, changed, removed; paused; resumed", async (h) => {
  const created = await ok(h.call("POST", "/streams", { body: { title: "Checkout", index_set_id: DEFAULT_INDEX_SET_ID, remove_matches_from_default_stream: true } }), 201);
  const id = (created as z.infer<typeof StreamCreatedSchema>).stream_id;
  await ok(h.call("POST", `/streams/${id}/resume`), 204);
  // No rule yet: nothing is routed to it, the default stream keeps the message.
  assert.deepEqual(await ingestAndCount(h, id), { stream: 0, default: 1 });

  const rule = await ok(h.call("POST", `/streams/${id}/rules`, { body: { field: "service", type: 1, value: "checkout" } }), 201);
  const ruleId = (rule as { streamrule_id: string }).streamrule_id;
  // The rule matches and the stream removes its matches from the default stream.
  assert.deepEqual(await ingestAndCount(h, id), { stream: 1, default: 1 });

  await ok(h.call("POST", `/streams/${id}/pause`), 204);
  assert.deepEqual(await ingestAndCount(h, id), { stream: 1, default: 2 }, "a paused stream routes nothing");

  await ok(h.call("POST", `/streams/${id}/resume`), 204);
  assert.deepEqual(await ingestAndCount(h, id), { stream: 2, default: 2 });

  await ok(h.call("PUT", `/streams/${id}/rules/${ruleId}`, { body: { field: "service", type: 1, value: "checkout", inverted: true } }), 200);
  assert.deepEqual(await ingestAndCount(h, id), { stream: 2, default: 3 }, "the inverted rule no longer matches");

  await ok(h.call("PUT", `/streams/${id}`, { body: { remove_matches_from_default_stream: false, matching_type: "OR" } }), 200);
  await ok(h.call("POST", `/streams/${id}/rules`, { body: { field: "source", type: 2, value: "^app-\\d+$" } }), 201);
  assert.deepEqual(await ingestAndCount(h, id), { stream: 3, default: 4 }, "OR: the regex rule matches, the default stream keeps it too");

  await ok(h.call("DELETE", `/streams/${id}`), 204);
  assert.deepEqual(await ingestAndCount(h, id), { stream: 3, default: 5 }, "a deleted stream routes nothing");
});
