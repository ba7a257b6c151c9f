import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { connect, type Socket as TcpSocket } from "node:net";
import type { IncomingMessage } from "../store/incoming-message.ts";
import { gelfDocument } from "./gelf-document.ts";
import type { OutputSender } from "./output-sender.ts";

export type GelfProtocol = "TCP" | "UDP";

/**
 * Sends each message as one GELF document to host:port: a datagram over UDP (uncompressed, unchunked), or a
 * null-terminated frame over one TCP connection, opened when first needed and again after it fails. A message the
 * receiver cannot take is dropped, as Graylog's GELF output does once its queue is full.
 */
export class GelfSender implements OutputSender {
  private udp: UdpSocket | null = null;
  private tcp: TcpSocket | null = null;

  constructor(private readonly host: string, private readonly port: number, private readonly protocol: GelfProtocol) {}

  send(messages: readonly IncomingMessage[]): void {
    for (const message of messages) {
      const payload = JSON.stringify(gelfDocument(message));
      if (this.protocol === "UDP") this.udpSocket().send(payload, this.port, this.host);
      else this.tcpSocket().write(`${payload}\0`);
    }
  }

  close(): void {
    this.udp?.close();
    this.udp = null;
    this.tcp?.destroy();
    this.tcp = null;
  }

  private udpSocket(): UdpSocket {
    if (!this.udp) {
      this.udp = createSocket(this.host.includes(":") ? "udp6" : "udp4");
      this.udp.on("error", () => {}); // an unreachable receiver drops the datagram
    }
    return this.udp;
  }

  private tcpSocket(): TcpSocket {
    if (!this.tcp || this.tcp.destroyed) {
      const socket = connect({ host: this.host, port: this.port });
      socket.setNoDelay(true);
      socket.on("error", () => {
        socket.destroy();
        if (this.tcp === socket) this.tcp = null;
      });
      this.tcp = socket;
    }
    return this.tcp;
  }
}
