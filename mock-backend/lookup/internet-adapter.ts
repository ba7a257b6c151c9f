import type { AdapterAnswer, LiveDataAdapter } from "./data-adapter.ts";

/**
 * The threat-intelligence and whois adapters (whois, Spamhaus EDROP, Tor exit nodes, OTX, abuse.ch) need
 * their sources on the internet, which the embedded backend does not reach. Rather than let each lookup wait
 * for a connection that never comes, such an adapter says so at once: every lookup answers with that error.
 */
export class InternetAdapter implements LiveDataAdapter {
  private readonly message: string;

  constructor(source: string) {
    this.message = `The source of this data adapter (${source}) cannot be reached: this server has no internet access.`;
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  lookup(_key: string): AdapterAnswer {
    return { error: this.message };
  }

  error(): string | null {
    return this.message;
  }
}
