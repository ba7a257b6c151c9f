/**
 * A shape adapter (issue 18 item 4): where an answer of Graylog 5.1 differs from the shape Sluice's UI reads,
 * the proxy turns the one into the other, for one call only. The embedded backend answers in Graylog's shapes in
 * the first place, so an adapter is the exception; each is named, tested (tests/proxy/shape-adapters/) and listed
 * in the README's proxy section.
 */
export interface ShapeAdapter {
  /** What it bridges, in a few words (the README's list uses it). */
  name: string;
  /** The call it applies to: the method and Graylog's path below the API root, e.g. `/search/saved`. */
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** Graylog's JSON answer (a success) → the shape the UI reads. */
  adapt(answer: unknown): unknown;
}
