import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { barrelImports } from "../../../scripts/barrel-imports.ts";

/** A project whose entry uses `Button` of a barrel package and loads a page using `Slider` on demand. */
function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), "barrel-imports-"));
  const pkg = join(root, "node_modules", "kit");
  mkdirSync(join(pkg, "esm"), { recursive: true });
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: "kit", module: "./esm/index.mjs", sideEffects: false }),
  );
  writeFileSync(join(pkg, "esm", "button.mjs"), `export function Button() { return "BUTTON_CODE"; }\n`);
  writeFileSync(join(pkg, "esm", "slider.mjs"), `export function Slider() { return "SLIDER_CODE"; }\n`);
  writeFileSync(
    join(pkg, "esm", "index.mjs"),
    `import { Button } from "./button.mjs";\nexport { Slider as RangeSlider } from "./slider.mjs";\nexport { Button };\n`,
  );
  writeFileSync(
    join(root, "entry.ts"),
    `import { Button } from "kit";\nconsole.log(Button());\nimport("./page.ts").then((m) => m.page());\n`,
  );
  writeFileSync(
    join(root, "page.ts"),
    `import {\n  type Unused,\n  RangeSlider as Slider,\n} from "kit";\nexport const page = () => Slider();\n`,
  );
  return root;
}

async function build(root: string, plugins: esbuild.Plugin[]): Promise<string> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ["entry.ts"],
    bundle: true,
    splitting: true,
    format: "esm",
    outdir: "out",
    metafile: true,
    plugins,
    logLevel: "silent",
  });
  const entry = Object.entries(result.metafile.outputs).find(([, output]) =>
    output.entryPoint === "entry.ts"
  )!;
  const staticChunks = [
    entry[0],
    ...entry[1].imports.filter((i) => i.kind === "import-statement").map((i) => i.path),
  ];
  return staticChunks.map((path) => readFileSync(join(root, path), "utf8")).join("\n");
}

Deno.test("a component only a lazy page imports from a barrel stays out of the entry's chunks", async () => {
  const root = fixture();
  try {
    const without = await build(root, []);
    assert.ok(
      without.includes("SLIDER_CODE"),
      "the barrel drags the lazy page's component into the entry (esbuild's file-level splitting)",
    );
    const withPlugin = await build(root, [barrelImports({ packages: ["kit"] })]);
    assert.ok(withPlugin.includes("BUTTON_CODE"));
    assert.ok(!withPlugin.includes("SLIDER_CODE"), "Slider is loaded with the page, not with the entry");
  } finally {
    esbuild.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
