/**
 * The contract suite run twice (issue 18): the API test files of PROXIED_API_SUITES, unchanged, with every call
 * going through a Sluice in proxy mode to a second Sluice on the embedded backend (tests/helpers/proxy-upstream.ts).
 * They must give the same answers as when called directly.
 */
import { useApiTransport } from "../helpers/api-harness.ts";
import { PROXIED_API_SUITES } from "./proxied-api-suites.ts";

useApiTransport("proxy");
for (const suite of PROXIED_API_SUITES) await import(`../api/${suite}`);
