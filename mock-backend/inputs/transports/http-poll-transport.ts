import type { Transport, TransportSink } from "./transport.ts";

export interface HttpPollOptions {
  url: string;
  /** Sent with every request (Graylog's "Additional HTTP headers": `Name: value` pairs, comma separated). */
  headers: Record<string, string>;
  intervalMs: number;
  /** The URL allow-list's verdict on a URL (System → Configurations → URL Whitelist). */
  urlAllowed(url: string): Promise<boolean>;
}

/** Graylog's header list text ("Accept: application/json, X-Requester: Graylog") as request headers. */
export function parseHeaderList(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of text.split(",")) {
    const colon = pair.indexOf(":");
    if (colon <= 0) continue;
    headers[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * Graylog's HTTP poll transport: fetches the URL now and then every interval and hands each response body to the
 * codec as one frame. A URL the allow-list does not permit fails the input at launch; a failed or non-2xx poll is
 * counted as dropped with its reason, and the next poll is tried as usual.
 */
export async function pollHttp(options: HttpPollOptions, sink: TransportSink): Promise<Transport> {
  if (!(await options.urlAllowed(options.url))) throw new Error(`URL <${options.url}> is not whitelisted.`);
  const host = new URL(options.url).hostname;
  let polling: Promise<void> = Promise.resolve();
  const controller = new AbortController();
  const poll = async () => {
    try {
      const answer = await fetch(options.url, { headers: options.headers, signal: controller.signal });
      const body = new Uint8Array(await answer.arrayBuffer());
      sink.readBytes(body.length);
      if (!answer.ok) {
        sink.malformed(`${options.url} answered ${answer.status} ${answer.statusText}`.trim());
        return;
      }
      sink.frame(body, host);
    } catch (error) {
      if (controller.signal.aborted) return;
      sink.malformed(`could not poll ${options.url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const run = () => {
    polling = polling.then(poll);
  };
  run();
  const timer = setInterval(run, options.intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      controller.abort();
      await polling;
    },
  };
}
