import type { Hono } from "hono";
import { REQUESTED_BY_HEADER } from "../api/context.ts";
import type { InProcessApi } from "./ssr-prefetch.ts";

/** Credentials of the page request that the in-process API calls carry, as the browser's own calls would. */
const FORWARDED_HEADERS = ["Cookie", "Authorization"] as const;

/**
 * The API as the server render calls it: `/api` of the site (embedded or forwarded to a proxy upstream), in
 * process through `app.request`, with the page request's cookie and authorization, so the API decides who is
 * asking exactly as it does for the browser.
 */
export function inProcessApi(site: Hono, page: Request): InProcessApi {
  const credentials = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = page.headers.get(name);
    if (value) credentials.set(name, value);
  }
  return (apiPath, request) => {
    const headers = new Headers(credentials);
    if (request) {
      headers.set("Content-Type", "application/json");
      headers.set(REQUESTED_BY_HEADER, "sluice-ssr");
    }
    return Promise.resolve(site.request(`/api${apiPath}`, {
      method: request?.method ?? "GET",
      headers,
      body: request?.body === undefined ? undefined : JSON.stringify(request.body),
    }));
  };
}
