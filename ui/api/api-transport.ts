import { FetchError } from "./fetch-error.ts";

export interface RequestOptions {
  /** Polling calls must not keep an idle session alive. */
  noSessionExtension?: boolean;
  /** Calls allowed before login (session, ping) do not wait for it. */
  public?: boolean;
  signal?: AbortSignal;
  /** What the answer is read as: JSON unless a file (an export's CSV) is downloaded. */
  accept?: string;
}

/** Hooks the shell installs: who to tell about 401s and unreachable servers, and how to wait for login. */
export interface RequestHooks {
  onUnauthorized(): void;
  onServerUnreachable(details: ServerFailure): void;
  onServerReachable(): void;
  waitForLogin(): Promise<void>;
}

export interface ServerFailure {
  message: string;
  method: string;
  url: string;
  status: number | null;
  fullText: string;
}

let hooks: RequestHooks | null = null;

export function installRequestHooks(next: RequestHooks | null): void {
  hooks = next;
}

/**
 * Sends one API request the way every call of the UI goes out (spec 000 §7.1): after login unless public,
 * with the XHR marker and the accept header (JSON unless asked otherwise); a 2xx answer is returned unread, anything else throws a
 * FetchError with the parsed body. A 401 logs out, an unreachable server shows the unavailable page.
 */
export async function sendApiRequest(url: string, init: RequestInit, options: RequestOptions = {}): Promise<Response> {
  if (!options.public && hooks) await hooks.waitForLogin();
  const method = init.method ?? "GET";
  const headers = new Headers(init.headers);
  headers.set("X-Requested-By", "XMLHttpRequest");
  headers.set("Accept", options.accept ?? "application/json");
  if (options.noSessionExtension) headers.set("X-Graylog-No-Session-Extension", "true");
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers, credentials: "same-origin", signal: options.signal ?? init.signal });
  } catch (error) {
    if (options.signal?.aborted || init.signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    hooks?.onServerUnreachable({ message, method, url, status: null, fullText: String(error) });
    throw new FetchError(0, "Server unreachable", { message }, method, url);
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    const text = await response.text();
    const body = parseBody(text);
    // A gateway's own explanation (proxy mode: "Graylog at … could not be reached: …") is the error message.
    const message = typeof body?.message === "string" && body.message ? body.message : response.statusText;
    hooks?.onServerUnreachable({ message, method, url, status: response.status, fullText: text });
    throw new FetchError(response.status, response.statusText, body, method, url);
  }
  hooks?.onServerReachable();
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401 && !options.public) hooks?.onUnauthorized();
    throw new FetchError(response.status, response.statusText, parseBody(text), method, url);
  }
  return response;
}

function parseBody(text: string): FetchError["body"] {
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === "object" ? parsed : { message: text };
  } catch {
    return text ? { message: text } : null;
  }
}
