/**
 * A forwarded call Graylog did not answer: unreachable (502, with the connection's own error) or too slow
 * (504). The proxy turns it into `{type: "ApiError", message}`; the UI shows 502 and 504 on the
 * server-unavailable page (spec 000 §2.6) with that message.
 */
export class UpstreamFailure extends Error {
  constructor(readonly status: 502 | 504, message: string) {
    super(message);
    this.name = "UpstreamFailure";
  }
}

/** 502: the connection failed; the message carries the operating system's reason (refused, no route, TLS…). */
export function unreachable(apiUrl: string, error: unknown): UpstreamFailure {
  return new UpstreamFailure(502, `Graylog at ${apiUrl} could not be reached: ${reasonOf(error)}`);
}

/** 504: no answer began within the time-out (SLUICE_GRAYLOG_TIMEOUT_MS). */
export function timedOut(apiUrl: string, method: string, path: string, timeoutMs: number): UpstreamFailure {
  const seconds = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  return new UpstreamFailure(504, `Graylog at ${apiUrl} did not answer ${method} ${path} within ${seconds}; the call was abandoned.`);
}

/** The innermost message of an error chain (fetch wraps the connection's error in its own). */
function reasonOf(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && messages.length < 5) {
    messages.push(current.message);
    current = current.cause;
  }
  return messages.length > 0 ? messages.join(": ") : String(error);
}
