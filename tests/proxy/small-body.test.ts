import assert from "node:assert/strict";
import { SMALL_BODY_BYTES, smallBodyOrStream } from "../../api/proxy/small-body.ts";

const bytesOf = (text: string) => new TextEncoder().encode(text);
const answerWith = (body: BodyInit, headers: Record<string, string>) => new Response(body, { headers });

Deno.test("a small body that declares its length travels whole, byte for byte", async () => {
  const json = JSON.stringify({ metrics: ["org.graylog2.throughput.input.1-sec-rate"] });
  const whole = await smallBodyOrStream(answerWith(json, { "Content-Length": String(bytesOf(json).byteLength) }));
  assert.ok(whole instanceof Uint8Array);
  assert.equal(new TextDecoder().decode(whole), json);
  const call = new Request("http://graylog.example/api/system/metrics/multiple", {
    method: "POST",
    body: json,
    headers: { "Content-Length": String(bytesOf(json).byteLength) },
  });
  assert.ok((await smallBodyOrStream(call)) instanceof Uint8Array);
});

Deno.test("a body of unknown length (an export) stays the stream it came as, never read ahead", async () => {
  let pulled = 0;
  const csvExport = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(bytesOf("2023-06-01T10:14:52.123Z,web-1,GET /index.html\n"));
    },
  }, { highWaterMark: 0 });
  const answer = answerWith(csvExport, { "Content-Type": "text/csv" });
  const body = await smallBodyOrStream(answer);
  assert.ok(body instanceof ReadableStream);
  assert.equal(pulled, 0);
  await body.cancel();
});

Deno.test("a body over the small size, or with a content coding, stays a stream", async () => {
  const large = "x".repeat(SMALL_BODY_BYTES + 1);
  assert.ok((await smallBodyOrStream(answerWith(large, { "Content-Length": String(large.length) }))) instanceof ReadableStream);
  const coded = answerWith(new Uint8Array([31, 139]), { "Content-Length": "2", "Content-Encoding": "gzip" });
  assert.ok((await smallBodyOrStream(coded)) instanceof ReadableStream);
});

Deno.test("no body is no body", async () => {
  assert.equal(await smallBodyOrStream(new Response(null, { status: 204 })), null);
  assert.equal(await smallBodyOrStream(new Request("http://graylog.example/api/")), null);
});
