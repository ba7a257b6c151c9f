/** A request body over SLUICE_MAX_REQUEST_BYTES: answered 413, as the embedded API does. */
export class RequestTooLarge extends Error {
  constructor(readonly maxBodyBytes: number) {
    super(`Request body too large: at most ${maxBodyBytes} bytes are accepted.`);
    this.name = "RequestTooLarge";
  }
}

export interface LimitedBody {
  stream: ReadableStream<Uint8Array>;
  /** Whether the body grew past the limit (the upload then fails, and the caller answers 413). */
  exceeded(): boolean;
}

/** The body, streamed on as it arrives, failing once it grows past `maxBytes`. */
export function limitedBody(body: ReadableStream<Uint8Array>, maxBytes: number): LimitedBody {
  let size = 0;
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.length;
        if (size > maxBytes) controller.error(new RequestTooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return { stream, exceeded: () => size > maxBytes };
}
