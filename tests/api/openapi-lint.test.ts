/**
 * The API's OpenAPI document passes Redocly's linter with its recommended rules (what a CI contract-tests
 * against). Redocly CLI (npm, pinned in deno.json, installed by `deno install`) runs under Deno, offline.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { renderOpenApiYaml } from "../../scripts/write-openapi.ts";

const DENO_JSON = fileURLToPath(new URL("../../deno.json", import.meta.url));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

/** Lints a document with `redocly lint --extends=recommended`; the CLI version is the one deno.json pins. */
async function redoclyLint(documentPath: string): Promise<LintReport> {
  const { imports } = JSON.parse(await Deno.readTextFile(DENO_JSON)) as { imports: Record<string, string> };
  const cli = imports["@redocly/cli"];
  assert.match(cli, /^npm:@redocly\/cli@\d+\.\d+\.\d+$/, "deno.json pins an exact @redocly/cli version");
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--cached-only", cli, "lint", documentPath, "--extends=recommended", "--format=json"],
    env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(output.stdout);
  const start = stdout.indexOf("{");
  if (start < 0) assert.fail(`redocly lint printed no report:\n${stdout}\n${new TextDecoder().decode(output.stderr)}`);
  return JSON.parse(stdout.slice(start)) as LintReport;
}

Deno.test("redocly lint with the recommended rules finds no error in the API's OpenAPI document", async () => {
  const path = await Deno.makeTempFile({ suffix: ".yaml" });
  try {
    await Deno.writeTextFile(path, await renderOpenApiYaml());
    const report = await redoclyLint(path);
    const errors = report.problems.filter((problem) => problem.severity === "error");
    assert.deepEqual(
      errors.map((e) => `${e.ruleId} at ${e.location[0]?.pointer ?? "?"}: ${e.message}`),
      [],
      "redocly lint errors",
    );
    assert.equal(report.totals.errors, 0);
  } finally {
    await Deno.remove(path);
  }
});
