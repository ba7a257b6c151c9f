import { fetchJson, type HttpMethod } from "../api/fetch-json.ts";

/**
 * How a view's calls reach the API: `fetchJson` in the browser, the in-process API during server rendering
 * (routes/search-prefetch.ts), so both run the same query functions.
 */
export type ApiTransport = <T>(method: HttpMethod, path: string, body: unknown, signal?: AbortSignal) => Promise<T>;

export const browserTransport: ApiTransport = (method, path, body, signal) => fetchJson(method, path, body, { signal });
