import type { ApiData } from "../api/api-client.ts";
import { postedQueryOptions, resourceQueryOptions } from "../api/resource-query.ts";

/** Polling intervals of spec 000 §9. */
export const THROUGHPUT_POLL_MS = 2000;
export const NOTIFICATIONS_POLL_MS = 3000;

export const THROUGHPUT_METRICS = {
  input: "org.graylog2.throughput.input.1-sec-rate",
  output: "org.graylog2.throughput.output.1-sec-rate",
} as const;

export const systemInfoQueryOptions = () => resourceQueryOptions("/system", undefined, { staleTime: 300_000 });
export const jvmQueryOptions = () => resourceQueryOptions("/system/jvm", undefined, { staleTime: 300_000 });

export const notificationsQueryOptions = () =>
  resourceQueryOptions("/system/notifications", undefined, { noSessionExtension: true, refetchInterval: NOTIFICATIONS_POLL_MS });

/** POST /system/metrics/multiple for the global input and output 1-second rates, every 2 s. */
export const throughputQueryOptions = () => ({
  ...postedQueryOptions(
    "/system/metrics/multiple",
    { body: { metrics: Object.values(THROUGHPUT_METRICS) } },
    { noSessionExtension: true, refetchInterval: THROUGHPUT_POLL_MS, staleTime: 0 },
  ),
  select: (response: ApiData<"post", "/system/metrics/multiple">) => {
    const valueOf = (name: string) => {
      const metric = response.metrics.find((m) => m.full_name === name);
      return metric?.type === "gauge" ? metric.metric.value : 0;
    };
    return { input: valueOf(THROUGHPUT_METRICS.input), output: valueOf(THROUGHPUT_METRICS.output) };
  },
});

/** GET / (public): is the server there. */
export const pingQueryOptions = (interval: number) =>
  resourceQueryOptions("/", undefined, {
    public: true,
    noSessionExtension: true,
    refetchInterval: interval,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
  });
