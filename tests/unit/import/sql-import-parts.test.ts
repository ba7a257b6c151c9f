import assert from "node:assert/strict";
import { writeLineTokenTexts } from "../../../mock-backend/import/line-token-texts.ts";
import { insertSpans } from "../../../mock-backend/import/sql-import-writing.ts";

/**
 * The pieces the SQL import is cut into so that less of it runs on one core (bench/RESULTS.md "Seventh round"):
 * the token texts in part files read as they are written, and the batches' INSERTs with a small rest folded into
 * the last. The stored rows are compared with the JS path's by sql-import.test.ts.
 */

Deno.test("the token texts are written in parts of whole lines, in file order, each handed over once written", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const a = `${dir}/a.log`;
    const b = `${dir}/b.log`;
    await Deno.writeTextFile(a, "GET /x y\nh\u00e9llo\nA-b c\n");
    await Deno.writeTextFile(b, "one\ntwo \u001f three\n\nfour");
    const handed: string[] = [];
    const found = await writeLineTokenTexts([a, b], dir, (path) => handed.push(path), { partLines: 3 });
    assert.deepEqual(found, [{ lines: 3, withUnitSeparator: 0 }, { lines: 4, withUnitSeparator: 1 }]);
    assert.deepEqual(handed, [`${dir}/a-0.csv`, `${dir}/a-1.csv`, `${dir}/a-2.csv`]);
    const parts = await Promise.all(handed.map((path) => Deno.readTextFile(path)));
    assert.deepEqual(parts, [
      '" get x y "\n\\N\n" a b c "',
      '" one "\n\\N\n"  "',
      '" four "',
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the batches are written 8 per INSERT, a rest of up to 4 with the last INSERT", () => {
  assert.deepEqual(insertSpans(0), []);
  assert.deepEqual(insertSpans(1), [[0, 1]]);
  assert.deepEqual(insertSpans(8), [[0, 8]]);
  assert.deepEqual(insertSpans(9), [[0, 9]]);
  assert.deepEqual(insertSpans(12), [[0, 12]]);
  assert.deepEqual(insertSpans(13), [[0, 8], [8, 13]]);
  assert.deepEqual(insertSpans(14), [[0, 8], [8, 14]]);
  assert.deepEqual(insertSpans(20), [[0, 8], [8, 20]]);
});
