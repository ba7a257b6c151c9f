/**
 * Where a transport hands what it receives: whole frames (a datagram, a delimited TCP frame, an HTTP body) with
 * the sender's address, and what it notices on the way (connections, bytes, frames it had to drop).
 */
export interface TransportSink {
  /** Takes one frame; answers why it was dropped, or null when it was taken (or awaits more chunks). */
  frame(bytes: Uint8Array, remoteIp: string): string | null;
  /** A frame the transport could not take (too long, a broken length prefix): counted and dropped. */
  malformed(reason: string): void;
  readBytes(count: number): void;
  connectionOpened(): void;
  connectionClosed(): void;
  /** Whether the input holds so many messages not yet stored that stream transports should stop reading. */
  backlogged(): boolean;
  /** Calls `resume` once the backlog is down again (back-pressure for TCP and HTTP). */
  whenDrained(resume: () => void): void;
  /**
   * Resolves once every message taken so far is stored: true, or false when the store refused its batch.
   */
  stored(): Promise<boolean>;
  /**
   * Resolves once every message taken so far may be acknowledged: true when it is on disk in the input's ingest
   * journal (or, for an input without one, stored), false when it could not be made durable.
   */
  acknowledgeable(): Promise<boolean>;
}

/** A bound listener; `stop` closes it and every connection it holds. */
export interface Transport {
  stop(): Promise<void>;
}

/** Where a transport listens. */
export interface BindOptions {
  bindAddress: string;
  port: number;
}

/** The text of a bind failure the way an operator reads it on the input. */
export function bindFailure(options: BindOptions, error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code === "EADDRINUSE" || error instanceof Deno.errors.AddrInUse) {
    return new Error(`Could not bind to ${options.bindAddress}:${options.port}: the address is already in use.`);
  }
  if (code === "EACCES" || error instanceof Deno.errors.PermissionDenied) {
    return new Error(`Could not bind to ${options.bindAddress}:${options.port}: permission denied.`);
  }
  if (code === "EADDRNOTAVAIL" || error instanceof Deno.errors.AddrNotAvailable) {
    return new Error(`Could not bind to ${options.bindAddress}:${options.port}: the address is not available on this host.`);
  }
  return new Error(`Could not bind to ${options.bindAddress}:${options.port}: ${error instanceof Error ? error.message : String(error)}`);
}

/** The IPv4 form of an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`), as Graylog writes gl2_remote_ip. */
export function plainAddress(address: string | undefined): string {
  if (!address) return "";
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}
