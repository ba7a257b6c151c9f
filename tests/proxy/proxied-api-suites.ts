/**
 * The API test files that also run through the proxy (tests/proxy/api-through-proxy.test.ts): the contract
 * suite over every operation, the sessions (what the proxy maps), and the areas' files with the most calls.
 * Left out: files about the embedded API's own door and engine rather than answers (request-guard,
 * search-queue, random-input, the OpenAPI document checks, specific-paths-first, pages-hardening,
 * streams-routing), and the search engine's files on generated messages (views-search, decorators), whose
 * cost is the engine's, not the forwarding's; the Chromium search journey runs through the proxy instead.
 */
export const PROXIED_API_SUITES: readonly string[] = [
  "contract.test.ts",
  "sessions.test.ts",
  "grok.test.ts",
  "streams.test.ts",
  "views.test.ts",
  "users.test.ts",
  "favorites.test.ts",
  "system.test.ts",
  "metrics.test.ts",
  "notifications.test.ts",
  "search-support.test.ts",
];
