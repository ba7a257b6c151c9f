import { readFileSync } from "node:fs";
import { createServer as createPlainServer, type Server, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { type StreamFraming, StreamFramer } from "./stream-framer.ts";
import { type BindOptions, bindFailure, plainAddress, type Transport, type TransportSink } from "./transport.ts";

export interface TcpOptions extends BindOptions {
  framing: StreamFraming;
  maxFrameBytes: number;
  /** TLS with these PEM files, or plain TCP when null. */
  tls: { certFile: string; keyFile: string; keyPassword: string } | null;
}

/** Stream connections split into frames; reading pauses while the input's backlog is full. */
export function listenTcp(options: TcpOptions, sink: TransportSink): Promise<Transport> {
  let server: Server;
  try {
    server = options.tls
      ? createTlsServer({
        cert: readFileSync(options.tls.certFile),
        key: readFileSync(options.tls.keyFile),
        passphrase: options.tls.keyPassword || undefined,
      })
      : createPlainServer();
  } catch (error) {
    return Promise.reject(new Error(`Could not set up TLS: ${error instanceof Error ? error.message : String(error)}`));
  }
  const sockets = new Set<Socket>();
  server.on(options.tls ? "secureConnection" : "connection", (socket: Socket) => {
    sockets.add(socket);
    sink.connectionOpened();
    const remote = plainAddress(socket.remoteAddress);
    const framer = new StreamFramer(options.framing, options.maxFrameBytes, (frame) => sink.frame(frame, remote), (reason) => sink.malformed(reason));
    socket.on("data", (chunk: Uint8Array) => {
      sink.readBytes(chunk.length);
      framer.push(chunk);
      if (sink.backlogged()) {
        socket.pause();
        sink.whenDrained(() => socket.resume());
      }
    });
    socket.on("end", () => framer.end());
    socket.on("error", () => {}); // a reset connection ends like a closed one
    socket.on("close", () => {
      sockets.delete(socket);
      sink.connectionClosed();
    });
  });
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(bindFailure(options, error));
    server.once("error", failed);
    server.listen(options.port, options.bindAddress, () => {
      server.off("error", failed);
      server.on("error", (error) => sink.malformed(`server error: ${error.message}`));
      resolve({
        stop: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
