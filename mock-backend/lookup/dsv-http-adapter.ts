import type { DataAdapterConfigOf } from "../../api/schemas/lookup-configs.ts";
import type { AdapterAnswer, AdapterEnvironment, LiveDataAdapter } from "./data-adapter.ts";
import { KeyedValues } from "./keyed-values.ts";

type Config = DataAdapterConfigOf<"dsvhttp">;

/** How long one fetch of the source may take: a source that does not answer must not hold anything up. */
export const DSV_FETCH_TIMEOUT_MS = 5_000;

/**
 * Graylog's DSV over HTTP adapter: delimiter-separated values fetched from a URL the URL allow-list permits,
 * fetched again every `refresh_interval` seconds (noticed by a lookup, fetched in the background).
 */
export class DsvHttpAdapter implements LiveDataAdapter {
  private values: KeyedValues | null = null;
  private failure: string | null = null;
  private fetchedAt = 0;
  private fetching = false;

  constructor(private readonly config: Config, private readonly env: AdapterEnvironment) {}

  async start(): Promise<void> {
    await this.refresh();
  }

  lookup(key: string): AdapterAnswer {
    if (!this.fetching && this.env.now() - this.fetchedAt >= this.config.refresh_interval * 1000) void this.refresh();
    if (this.values === null) return { error: this.failure ?? "The data has not been fetched yet." };
    return this.values.lookup(key);
  }

  error(): string | null {
    return this.failure;
  }

  private async refresh(): Promise<void> {
    this.fetching = true;
    this.fetchedAt = this.env.now();
    try {
      const problems = await dsvHttpProblems(this.config, this.env);
      if (problems.url) throw new Error(problems.url[0]);
      const answer = await fetch(this.config.url, {
        headers: this.config.headers ?? {},
        signal: AbortSignal.timeout(DSV_FETCH_TIMEOUT_MS),
      });
      if (!answer.ok) throw new Error(`${this.config.url} answered ${answer.status} ${answer.statusText}.`);
      const text = await answer.text();
      this.values = KeyedValues.parse(normaliseLines(text, this.config.line_separator), {
        separator: this.config.separator,
        quotechar: this.config.quotechar,
        ignorechar: this.config.ignorechar,
        keyColumn: this.config.key_column,
        valueColumn: this.config.value_column,
        presenceOnly: this.config.check_presence_only,
        caseInsensitive: this.config.case_insensitive_lookup,
      });
      this.failure = null;
    } catch (error) {
      this.failure = fetchError(this.config.url, error);
    } finally {
      this.fetching = false;
    }
  }
}

/** The server-side check of the validate call: an http(s) URL the allow-list permits. */
export async function dsvHttpProblems(config: Config, env: AdapterEnvironment): Promise<Record<string, string[]>> {
  if (!URL.canParse(config.url) || !["http:", "https:"].includes(new URL(config.url).protocol)) {
    return { url: [`URL ${config.url} is not a valid URL.`] };
  }
  if (!(await env.urlAllowed(config.url))) return { url: [`URL ${config.url} is not whitelisted.`] };
  return {};
}

function normaliseLines(text: string, lineSeparator: string): string {
  return lineSeparator === "\n" ? text : text.split(lineSeparator).join("\n");
}

function fetchError(url: string, error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return `${url} did not answer within ${DSV_FETCH_TIMEOUT_MS / 1000} seconds.`;
  }
  const text = error instanceof Error ? error.message : String(error);
  return text.startsWith("URL ") ? text : `${url} could not be fetched: ${text}`;
}
