/**
 * Bodies up to this size travel whole rather than streamed: a small body read at once and written with its
 * length goes out in one write, where a stream costs chunked framing and a wake-up of the reader per chunk, on
 * each side of the proxy (issue 18: a forwarded call adds at most 2 ms). Larger bodies, and every body of
 * unknown length (exports above all), stay streamed and are never held.
 */
export const SMALL_BODY_BYTES = 64 * 1024;

/**
 * The body of a call or an answer: read whole when it declares a length of at most SMALL_BODY_BYTES and no
 * content coding (so the declared length is what is read), else its stream as it comes.
 */
export async function smallBodyOrStream(message: Request | Response): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null> {
  if (!message.body) return null;
  const declared = message.headers.get("Content-Length");
  if (declared !== null && Number(declared) <= SMALL_BODY_BYTES && !message.headers.has("Content-Encoding")) return await message.bytes();
  return message.body;
}
