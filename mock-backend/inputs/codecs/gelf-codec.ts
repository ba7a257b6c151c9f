import { gunzipSync, inflateSync } from "node:zlib";
import { gelfParser } from "../../import/gelf.ts";
import { GelfChunkAssembler, isGelfChunk } from "./gelf-chunks.ts";
import { decoded, type DecodeResult, type InputCodec, malformed } from "./input-codec.ts";

export interface GelfCodecOptions {
  /** Reassemble chunked messages (GELF UDP only). */
  chunked: boolean;
  /** Largest decompressed message in bytes (Graylog's decompress_size_limit). */
  decompressSizeLimit: number;
}

const text = new TextDecoder("utf-8", { fatal: true });

/** GELF 1.1: uncompressed, zlib or gzip JSON documents, chunked over UDP. */
export class GelfCodec implements InputCodec {
  private readonly chunks = new GelfChunkAssembler();

  constructor(private readonly options: GelfCodecOptions) {}

  decode(frame: Uint8Array, remoteIp: string, now: number): DecodeResult {
    let payload = frame;
    if (isGelfChunk(frame)) {
      if (!this.options.chunked) return malformed("chunked GELF is only accepted over UDP");
      const assembled = this.chunks.add(frame, now);
      if (assembled.kind !== "complete") return assembled;
      payload = assembled.payload;
    }
    let document: string;
    try {
      document = text.decode(this.inflate(payload));
    } catch (error) {
      return malformed(error instanceof RangeError ? "decompressed message exceeds the size limit" : "invalid compressed GELF payload or encoding");
    }
    // Trailing NULs (a GELF TCP frame's delimiter sent twice) are rare: tested before running the pattern.
    if (document.charCodeAt(document.length - 1) === 0) document = document.replace(/\0+$/, "");
    const parsed = gelfParser.parse(document, { year: this.yearOf(now), now, defaultSource: remoteIp });
    if (!parsed.ok) return malformed(parsed.reason);
    parsed.message.remoteIp = remoteIp;
    return decoded(parsed.message);
  }

  private year = { from: 0, to: 0, year: 0 };

  /** The UTC year of `now`, without a Date per message. */
  private yearOf(now: number): number {
    if (now < this.year.from || now >= this.year.to) {
      const year = new Date(now).getUTCFullYear();
      this.year = { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1), year };
    }
    return this.year.year;
  }

  private inflate(payload: Uint8Array): Uint8Array {
    const maxOutputLength = this.options.decompressSizeLimit;
    if (payload[0] === 0x1f && payload[1] === 0x8b) return gunzipSync(payload, { maxOutputLength });
    if (payload[0] === 0x78) return inflateSync(payload, { maxOutputLength });
    if (payload.length > maxOutputLength) throw new RangeError("too large");
    return payload;
  }
}
