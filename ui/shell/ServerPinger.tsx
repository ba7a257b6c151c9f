import { useQuery } from "@tanstack/react-query";
import { pingQueryOptions } from "./shell-queries.ts";
import { PING_INTERVAL_MS } from "./server-availability.ts";
import { useBrowserIdle } from "./use-browser-idle.ts";

/** Pings the server every 20 s (spec 000 §2.6); the request hooks turn answers into up/down. */
export function ServerPinger() {
  // The page has just been served: the first ping waits for an idle moment (use-browser-idle.ts).
  useQuery({ ...pingQueryOptions(PING_INTERVAL_MS), enabled: useBrowserIdle() });
  return null;
}
