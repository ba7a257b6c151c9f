import { type RequestOptions, sendApiRequest } from "./api-transport.ts";
import { apiUrl } from "./page-config.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * An untyped API call by path: JSON body in, JSON (or `null` for 204 or an empty body) out. New code calls
 * the typed client (api-client.ts) instead; this remains for the areas not moved onto it yet.
 */
export async function fetchJson<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { "Content-Type": "application/json" };
  const response = await sendApiRequest(apiUrl(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  }, options);
  const text = await response.text();
  if (response.status === 204 || text.length === 0) return null as T;
  return JSON.parse(text) as T;
}
