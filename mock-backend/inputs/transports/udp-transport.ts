import { createSocket } from "node:dgram";
import { isIPv6 } from "node:net";
import { type BindOptions, bindFailure, plainAddress, type Transport, type TransportSink } from "./transport.ts";

export interface UdpOptions extends BindOptions {
  /** The socket's receive buffer in bytes (Graylog's recv_buffer_size). */
  receiveBufferSize: number;
}

/** Each datagram is a frame. Resolves once bound; rejects with the reason when the port cannot be bound. */
export function listenUdp(options: UdpOptions, sink: TransportSink): Promise<Transport> {
  const socket = createSocket({ type: isIPv6(options.bindAddress) ? "udp6" : "udp4", reuseAddr: false });
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(bindFailure(options, error));
    socket.once("error", failed);
    socket.on("message", (bytes, remote) => {
      sink.readBytes(bytes.length);
      sink.frame(bytes, plainAddress(remote.address));
    });
    socket.bind(options.port, options.bindAddress, () => {
      socket.off("error", failed);
      // After binding, a socket error (e.g. ICMP unreachable) is no reason to stop listening.
      socket.on("error", (error) => sink.malformed(`socket error: ${error.message}`));
      try {
        socket.setRecvBufferSize(options.receiveBufferSize);
      } catch {
        // The kernel may cap the buffer; the input works with what it grants.
      }
      resolve({ stop: () => new Promise<void>((done) => socket.close(() => done())) });
    });
  });
}
