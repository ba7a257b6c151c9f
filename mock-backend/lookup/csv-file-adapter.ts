import type { DataAdapterConfigOf } from "../../api/schemas/lookup-configs.ts";
import type { AdapterAnswer, AdapterEnvironment, LiveDataAdapter } from "./data-adapter.ts";
import { KeyedValues } from "./keyed-values.ts";

type Config = DataAdapterConfigOf<"csvfile">;

/**
 * Graylog's CSV file adapter: a file on the server whose header names the columns. Every `check_interval`
 * seconds a lookup notices when the file changed (its modification time) and reloads it in the background;
 * until then the old values answer. A file that cannot be read is the adapter's error.
 */
export class CsvFileAdapter implements LiveDataAdapter {
  private values: KeyedValues | null = null;
  private failure: string | null = null;
  private loadedMtime: number | null = null;
  private checkedAt = 0;
  private checking = false;

  constructor(private readonly config: Config, private readonly env: AdapterEnvironment) {}

  async start(): Promise<void> {
    await this.reload();
  }

  lookup(key: string): AdapterAnswer {
    this.checkForChanges();
    if (this.failure !== null && this.values === null) return { error: this.failure };
    return this.values?.lookup(key) ?? { found: false };
  }

  error(): string | null {
    return this.failure;
  }

  private checkForChanges(): void {
    const now = this.env.now();
    if (this.checking || now - this.checkedAt < this.config.check_interval * 1000) return;
    this.checking = true;
    this.checkedAt = now;
    Deno.stat(this.config.path)
      .then((info) => (info.mtime?.getTime() ?? null) !== this.loadedMtime ? this.reload() : undefined)
      .catch((error) => (this.failure = fileError(this.config.path, error)))
      .finally(() => (this.checking = false));
  }

  private async reload(): Promise<void> {
    this.checkedAt = this.env.now();
    try {
      const info = await Deno.stat(this.config.path);
      const text = await Deno.readTextFile(this.config.path);
      this.values = KeyedValues.parse(text, {
        separator: this.config.separator,
        quotechar: this.config.quotechar,
        keyColumn: this.config.key_column,
        valueColumn: this.config.value_column,
        caseInsensitive: this.config.case_insensitive_lookup,
      });
      this.loadedMtime = info.mtime?.getTime() ?? null;
      this.failure = null;
    } catch (error) {
      this.failure = fileError(this.config.path, error);
    }
  }
}

/** Why the file could not be used, in the user's words. */
export function fileError(path: string, error: unknown): string {
  if (error instanceof Deno.errors.NotFound) return `The file ${path} does not exist.`;
  if (error instanceof Deno.errors.PermissionDenied) return `The file ${path} cannot be read.`;
  if (error instanceof Deno.errors.IsADirectory) return `${path} is a directory, not a file.`;
  return `The file ${path} could not be read: ${error instanceof Error ? error.message : String(error)}`;
}

/** The server-side check of the validate call: the file must exist and be readable. */
export async function csvFileProblems(config: Config): Promise<Record<string, string[]>> {
  try {
    const info = await Deno.stat(config.path);
    if (!info.isFile) return { path: [`${config.path} is not a file.`] };
    (await Deno.open(config.path, { read: true })).close();
    return {};
  } catch (error) {
    return { path: [fileError(config.path, error)] };
  }
}
