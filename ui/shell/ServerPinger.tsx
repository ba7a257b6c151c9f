import { useQuery } from "@tanstack/react-query";
import { pingQueryOptions } from "./shell-queries.ts";
import { PING_INTERVAL_MS } from "./server-availability.ts";

/** Pings the server every 20 s (spec 000 §2.6); the request hooks turn answers into up/down. */
export function ServerPinger() {
  useQuery(pingQueryOptions(PING_INTERVAL_MS));
  return null;
}
