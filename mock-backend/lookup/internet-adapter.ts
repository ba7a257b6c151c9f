import type { ThreatIntelConfig } from "../../shared/threat-intel-config.ts";
import type { AdapterAnswer, AdapterEnvironment, LiveDataAdapter } from "./data-adapter.ts";

/** A threat intelligence source that runs only while its switch in System → Configurations is on. */
export interface ThreatIntelSwitch {
  key: keyof ThreatIntelConfig;
  /** The source in the product's words, e.g. "Tor exit node lookups". */
  source: string;
}

/**
 * The threat-intelligence and whois adapters (whois, Spamhaus EDROP, Tor exit nodes, OTX, abuse.ch) need
 * their sources on the internet, which the embedded backend does not reach. Rather than let each lookup wait
 * for a connection that never comes, such an adapter says so at once: every lookup answers with that error.
 * The Tor, Spamhaus and abuse.ch adapters also depend on their threat intelligence switch, as Graylog's do: while
 * it is off the adapter does not start, and says so (read at each lookup, so switching takes effect at once).
 */
export class InternetAdapter implements LiveDataAdapter {
  private readonly unreachable: string;

  constructor(
    source: string,
    private readonly env: AdapterEnvironment,
    private readonly threatIntelSwitch: ThreatIntelSwitch | null = null,
  ) {
    this.unreachable = `The source of this data adapter (${source}) cannot be reached: this server has no internet access.`;
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  lookup(_key: string): AdapterAnswer {
    return { error: this.error() };
  }

  error(): string {
    const toggle = this.threatIntelSwitch;
    if (toggle && !this.env.threatIntel()[toggle.key]) {
      return `${toggle.source} are switched off, so this data adapter does not start. Switch them on under System → Configurations → Threat Intelligence Lookup Configuration.`;
    }
    return this.unreachable;
  }
}
