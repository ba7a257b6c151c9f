import assert from "node:assert/strict";
import { IngestJournal } from "../../../mock-backend/ingest/ingest-journal.ts";
import { GelfCodec } from "../../../mock-backend/inputs/codecs/gelf-codec.ts";
import { RunningInput } from "../../../mock-backend/inputs/running-input.ts";
import type { IncomingMessage } from "../../../mock-backend/store/incoming-message.ts";

const encoder = new TextEncoder();
const gelf = (text: string) => encoder.encode(JSON.stringify({ version: "1.1", host: "web-1", short_message: text }));

async function withDirectory(work: (directory: string) => Promise<void>): Promise<void> {
  const directory = await Deno.makeTempDir({ prefix: "sluice-journal-" });
  try {
    await work(directory);
  } finally {
    await Deno.remove(directory, { recursive: true });
  }
}

Deno.test("the ingest journal gives back, after a restart, the frames appended and never committed, in order", async () => {
  await withDirectory(async (directory) => {
    const journal = await IngestJournal.open(directory, "input-1");
    assert.deepEqual(journal.uncommitted(), []);
    const first = journal.append(gelf("one"), "10.0.0.1");
    const second = journal.append(gelf("two"), "10.0.0.2");
    const third = journal.append(gelf("three"), "10.0.0.3");
    await Promise.all([first.durable, second.durable, third.durable]);
    assert.deepEqual([first.sequence, second.sequence, third.sequence], [1, 2, 3]);
    await journal.commit(first.sequence);
    await journal.close(); // a crash after the sync: nothing more is written

    const reopened = await IngestJournal.open(directory, "input-1");
    const frames = reopened.uncommitted();
    assert.deepEqual(frames.map((frame) => [frame.sequence, frame.remoteIp, JSON.parse(new TextDecoder().decode(frame.frame)).short_message]), [
      [2, "10.0.0.2", "two"],
      [3, "10.0.0.3", "three"],
    ]);
    assert.deepEqual(reopened.uncommitted(), [], "handed out once");
    assert.equal(reopened.append(gelf("four"), "10.0.0.4").sequence, 4, "sequences go on after a restart");
    await reopened.close();
  });
});

Deno.test("the ingest journal is emptied once everything in it is committed; a record cut short by a crash is skipped", async () => {
  await withDirectory(async (directory) => {
    const journal = await IngestJournal.open(directory, "input-2");
    const appended = journal.append(gelf("stored"), "10.0.0.1");
    await appended.durable;
    assert.ok((await Deno.stat(`${directory}/input-2.journal`)).size > 0);
    await journal.commit(appended.sequence);
    await journal.close();
    assert.equal((await Deno.stat(`${directory}/input-2.journal`)).size, 0);

    // Half a record (a crash mid-write: it was never acknowledged).
    await Deno.writeFile(`${directory}/input-2.journal`, new Uint8Array([0, 0, 1, 0, 0, 0, 0, 9, 9]));
    const reopened = await IngestJournal.open(directory, "input-2");
    assert.deepEqual(reopened.uncommitted(), []);
    await reopened.close();
    await IngestJournal.remove(directory, "input-2");
    await assert.rejects(Deno.stat(`${directory}/input-2.journal`), Deno.errors.NotFound);
  });
});

Deno.test("an input with a journal acknowledges once a message is on disk, before the store answers; restarted, it stores what the store never took", async () => {
  await withDirectory(async (directory) => {
    const stored: IncomingMessage[][] = [];
    const release = Promise.withResolvers<void>();
    const input = new RunningInput({
      id: "input-3",
      type: "org.graylog2.inputs.gelf.http.GELFHttpInput",
      codec: new GelfCodec({ chunked: false, decompressSizeLimit: 8_388_608 }),
      overrideSource: null,
      journal: await IngestJournal.open(directory, "input-3"),
      flushIntervalMs: 1,
      // The store hangs (a slow disk, a busy search), then fails: nothing of this batch is stored.
      ingest: async () => {
        await release.promise;
        throw new Error("the store is gone");
      },
    });
    assert.equal(input.frame(gelf("checkout failed"), "10.0.0.9"), null);
    const acknowledged = await Promise.race([input.acknowledgeable(), new Promise((resolve) => setTimeout(() => resolve("timed out"), 5_000))]);
    assert.equal(acknowledged, true, "acknowledged while the store still hangs");
    release.resolve();
    assert.equal(await input.stored(), false);
    await input.close();

    const restarted = new RunningInput({
      id: "input-3",
      type: "org.graylog2.inputs.gelf.http.GELFHttpInput",
      codec: new GelfCodec({ chunked: false, decompressSizeLimit: 8_388_608 }),
      overrideSource: null,
      journal: await IngestJournal.open(directory, "input-3"),
      flushIntervalMs: 1,
      ingest: (messages) => Promise.resolve(void stored.push(messages)),
    });
    await restarted.settled();
    await restarted.close();
    assert.deepEqual(stored.flat().map((message) => [message.message, message.remoteIp, message.inputId]), [["checkout failed", "10.0.0.9", "input-3"]]);
    assert.equal((await Deno.stat(`${directory}/input-3.journal`)).size, 0, "stored, the journal is emptied");
  });
});
