import type { MiddlewareHandler } from "hono";
import type { Backend } from "../schemas/backend.ts";

export interface RequestMetricsOptions {
  backend: Backend;
}

/**
 * Times every API request for the node's request timer (System → Nodes → Metrics shows it live, as
 * Graylog's per-resource timers).
 */
export function requestMetrics({ backend }: RequestMetricsOptions): MiddlewareHandler {
  return async function requestMetrics(c, next) {
    const started = performance.now();
    await next();
    backend.system.requestAnswered(Math.round((performance.now() - started) * 1000));
  };
}
