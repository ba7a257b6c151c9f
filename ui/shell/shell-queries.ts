import type { MetricsResponse } from "../../api/schemas/metrics.ts";
import type { SystemNotification } from "../../api/schemas/notifications.ts";
import type { JvmInfo, Ping, SystemInfo } from "../../api/schemas/system.ts";
import { apiQueryOptions } from "../api/api-query.ts";
import { fetchJson } from "../api/fetch-json.ts";
import { queryOptions } from "@tanstack/react-query";

/** Polling intervals of spec 000 §9. */
export const THROUGHPUT_POLL_MS = 2000;
export const NOTIFICATIONS_POLL_MS = 3000;

export const THROUGHPUT_METRICS = {
  input: "org.graylog2.throughput.input.1-sec-rate",
  output: "org.graylog2.throughput.output.1-sec-rate",
} as const;

export const shellKeys = {
  systemInfo: ["system", "info"] as const,
  jvm: ["system", "jvm"] as const,
  throughput: ["system", "metrics", "throughput"] as const,
  notifications: ["system", "notifications"] as const,
  ping: ["ping"] as const,
};

export const systemInfoQueryOptions = () => apiQueryOptions<SystemInfo>(shellKeys.systemInfo, "/system", { staleTime: 300_000 });
export const jvmQueryOptions = () => apiQueryOptions<JvmInfo>(shellKeys.jvm, "/system/jvm", { staleTime: 300_000 });

export const notificationsQueryOptions = () =>
  apiQueryOptions<{ total: number; notifications: SystemNotification[] }>(shellKeys.notifications, "/system/notifications", {
    noSessionExtension: true,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** POST /system/metrics/multiple for the global input and output 1-second rates, every 2 s. */
export const throughputQueryOptions = () =>
  queryOptions({
    queryKey: shellKeys.throughput,
    queryFn: async ({ signal }) => {
      const response = await fetchJson<MetricsResponse>(
        "POST",
        "/system/metrics/multiple",
        { metrics: Object.values(THROUGHPUT_METRICS) },
        { noSessionExtension: true, signal },
      );
      const valueOf = (name: string) => {
        const metric = response.metrics.find((m) => m.full_name === name);
        return metric?.type === "gauge" ? metric.metric.value : 0;
      };
      return { input: valueOf(THROUGHPUT_METRICS.input), output: valueOf(THROUGHPUT_METRICS.output) };
    },
    refetchInterval: THROUGHPUT_POLL_MS,
    staleTime: 0,
  });

export const pingQueryOptions = (interval: number) =>
  queryOptions({
    queryKey: shellKeys.ping,
    queryFn: ({ signal }) => fetchJson<Ping>("GET", "/", undefined, { public: true, noSessionExtension: true, signal }),
    refetchInterval: interval,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
  });
