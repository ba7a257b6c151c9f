/**
 * `deno run -A bench/measure/before-store.ts COMMIT OUTDIR`: writes mock-backend/message-store.ts and
 * mock-backend/import/import-files.ts as they were at COMMIT into OUTDIR, their relative imports made absolute
 * (to this working tree), for `bench/ingest.ts --before OUTDIR/message-store.ts` and
 * `bench/measure/import-rate.ts --before OUTDIR`.
 */
const [commit, out] = Deno.args;
if (!commit || !out) throw new Error("usage: before-store.ts COMMIT OUTDIR");
const root = new URL("../../", import.meta.url);
await Deno.mkdir(out, { recursive: true });
for (
  const [path, name] of [["mock-backend/message-store.ts", "message-store.ts"], [
    "mock-backend/import/import-files.ts",
    "import-files.ts",
  ]]
) {
  const shown = new Deno.Command("git", {
    args: ["show", `${commit}:${path}`],
    cwd: root.pathname,
    stdout: "piped",
  }).outputSync();
  if (!shown.success) throw new Error(`git show ${commit}:${path} failed`);
  const base = new URL(path, root);
  // Every relative import (`from "./x"`, `from "../y"`) resolved against the file's place in this tree.
  const text = new TextDecoder().decode(shown.stdout).replace(
    /from "(\.\.?\/[^"]+)"/g,
    (_, specifier: string) => `from "${new URL(specifier, base).href}"`,
  );
  await Deno.writeTextFile(`${out}/${name}`, text);
}
console.log(`wrote ${out}/message-store.ts and ${out}/import-files.ts of ${commit}`);
