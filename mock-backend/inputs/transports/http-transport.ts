import { type BindOptions, bindFailure, plainAddress, type Transport, type TransportSink } from "./transport.ts";

export interface HttpOptions extends BindOptions {
  /** The path messages are POSTed to (`/gelf`). */
  path: string;
  /** Answer browsers' cross-origin requests (Graylog's enable_cors). */
  enableCors: boolean;
  maxBodyBytes: number;
}

/**
 * Each POSTed body is a frame (compressed bodies are the codec's to inflate: it knows gzip and zlib by their magic
 * bytes). 202 once the message is durable (in the input's ingest journal on disk; without a journal, stored), 400 with
 * the reason when dropped, 503 when it could not be made durable; while the backlog is full the next body is not read
 * (back-pressure: an acknowledged message is never dropped, nor lost to a crash).
 */
export function listenHttp(options: HttpOptions, sink: TransportSink): Promise<Transport> {
  const controller = new AbortController();
  return new Promise((resolve, reject) => {
    try {
      const server = Deno.serve({
        hostname: options.bindAddress,
        port: options.port,
        signal: controller.signal,
        onListen: () => resolve({ stop: async () => (controller.abort(), await server.finished) }),
        onError: () => new Response(null, { status: 500 }),
      }, async (request, info) => {
        const cors = options.enableCors ? corsHeaders(request) : undefined;
        const path = new URL(request.url).pathname;
        if (request.method === "OPTIONS" && options.enableCors) return new Response(null, { status: 200, headers: cors });
        if (path !== options.path) return new Response(null, { status: 404, headers: cors });
        if (request.method !== "POST") return new Response(null, { status: 405, headers: cors });
        // Back-pressure: while the input holds too many messages not yet stored, bodies wait unread.
        while (sink.backlogged()) await new Promise<void>((resume) => sink.whenDrained(resume));
        const body = new Uint8Array(await request.arrayBuffer());
        sink.readBytes(body.length);
        if (body.length > options.maxBodyBytes) {
          const reason = `body of ${body.length} bytes is longer than the maximum of ${options.maxBodyBytes}`;
          sink.malformed(reason);
          return new Response(reason, { status: 413, headers: cors });
        }
        const remote = plainAddress((info.remoteAddr as Deno.NetAddr).hostname);
        const dropped = sink.frame(body, remote);
        if (dropped !== null) return new Response(dropped, { status: 400, headers: cors });
        if (!(await sink.acknowledgeable())) return new Response("the message could not be stored", { status: 503, headers: cors });
        return new Response(null, { status: 202, headers: cors });
      });
    } catch (error) {
      reject(bindFailure(options, error));
    }
  });
}

function corsHeaders(request: Request): HeadersInit {
  return {
    "Access-Control-Allow-Origin": request.headers.get("Origin") ?? "*",
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
  };
}
