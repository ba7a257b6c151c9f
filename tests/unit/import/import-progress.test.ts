import assert from "node:assert/strict";
import { importFiles, type ImportProgress } from "../../../mock-backend/import/import-files.ts";
import { withStore } from "../store/with-store.ts";

/** A syslog file of `count` lines, more than one block of the line reader (64 KiB). */
async function syslogFile(dir: string, count: number): Promise<string> {
  const path = `${dir}/syslog.log`;
  const lines = Array.from(
    { length: count },
    (_, i) =>
      `<34>Oct 11 22:14:${
        String(i % 60).padStart(2, "0")
      } web-01 sshd[${i}]: Failed password for root port ${i}`,
  );
  await Deno.writeTextFile(path, lines.join("\n") + "\n");
  return path;
}

Deno.test("the line-by-line import tells the lines read and their share of the input, up to all of it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = await syslogFile(dir, 3000);
    await withStore(async (store) => {
      const told: ImportProgress[] = [];
      const report = await importFiles(store, {
        format: "syslog",
        files: [file],
        year: 2024,
        onProgress: (progress) => told.push(progress),
      });
      assert.equal(report.stored, 3000);
      assert.ok(told.length >= 2, `told per block of lines (${told.length})`);
      assert.ok(told.every((progress) => progress.step === "reading"));
      const shares = told.map((progress) => progress.step === "reading" ? progress.share : -1);
      assert.deepEqual(shares, [...shares].sort((a, b) => a - b), "the share only grows");
      assert.ok(shares[0] > 0 && shares[0] < 1, `a first block is part of the file (${shares[0]})`);
      assert.deepEqual(told.at(-1), { step: "reading", lines: 3000, share: 1 });
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("DuckDB's import tells once that every line is parsed and the messages are being written", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/lines.log`;
    await Deno.writeTextFile(file, "first line\nsecond line\nthird line\n");
    await withStore(async (store) => {
      const told: ImportProgress[] = [];
      const report = await importFiles(store, {
        format: "raw",
        files: [file],
        onProgress: (progress) => told.push(progress),
      });
      assert.equal(report.stored, 3);
      assert.deepEqual(told, [{ step: "writing", lines: 3 }]);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
