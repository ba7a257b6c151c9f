/**
 * The first step of `deno task start`: installs the packages and builds the client only when the last build's
 * stamp (scripts/build-stamp.ts) says the dependencies or the client's sources changed since, so a start with
 * nothing changed needs no network and no build.
 */
import { existsSync } from "node:fs";
import { CLIENT_MANIFEST_PATH } from "../routes/client-manifest.ts";
import { currentStamp, readBuildStamp } from "./build-stamp.ts";

/** Runs one deno subcommand with this terminal; a failure ends the start with its exit code. */
async function deno(...args: string[]): Promise<void> {
  const { code } = await new Deno.Command(Deno.execPath(), { args, stdin: "inherit", stdout: "inherit", stderr: "inherit" }).output();
  if (code !== 0) Deno.exit(code);
}

const built = readBuildStamp();
const now = currentStamp();
const installed = existsSync("node_modules/.deno");
const dependenciesChanged = !installed || !built || !now || built.dependencies !== now.dependencies;
const sourcesChanged = !built || !now || built.sources !== now.sources || !existsSync(CLIENT_MANIFEST_PATH);

if (dependenciesChanged) await deno("install");
if (dependenciesChanged || sourcesChanged) await deno("run", "-A", "scripts/build-client.ts");
else console.log("The client is built and its sources are unchanged: starting.");
