/** A value of an extra (non-hot) field as it arrives: typed by its JSON type. */
export type FieldValue = string | number | boolean;

/**
 * One message as the store ingests it, before routing: what an input (a file import, GELF, the demo
 * generator) produces. Everything the store adds itself (`streams`, `gl2_*`, the index) is left out.
 */
export interface IncomingMessage {
  /** The message's own time, UTC milliseconds since the epoch. */
  timestamp: number;
  source: string;
  message: string;
  fullMessage?: string;
  /** Syslog severity 0–7. */
  level?: number;
  facility?: string;
  /** Every other field, by its Graylog name. */
  fields?: Record<string, FieldValue>;
  /** The document id (`_id`); a random UUID when missing. */
  id?: string;
  /** The input that received it (`gl2_source_input`). */
  inputId?: string;
  /** The sender's address (`gl2_remote_ip`). */
  remoteIp?: string;
  /** Streams to route to besides those whose rules match (like a pipeline's `route_to_stream`, or an import's `--stream`). */
  streams?: string[];
}
