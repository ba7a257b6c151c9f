import type { ServiceManagerStatus } from "../api/schemas/system-stats.ts";

/**
 * The node's background services with the time each took to start, as Graylog's ServiceManager reports them
 * (`GET /system/serviceManager`): the backend notes each service once it runs.
 */
export class ServiceManager {
  private readonly services = new Map<string, { startupMs: number; state: "RUNNING" | "TERMINATED" }>();

  /** A service that started at `since` (performance.now()) and runs now. */
  started(name: string, since: number): void {
    this.services.set(name, { startupMs: Math.round(performance.now() - since), state: "RUNNING" });
  }

  stopped(): void {
    for (const service of this.services.values()) service.state = "TERMINATED";
  }

  status(): ServiceManagerStatus {
    return Object.fromEntries([...this.services].map(([name, { startupMs, state }]) => [`${name} [${state}]`, startupMs]));
  }
}
