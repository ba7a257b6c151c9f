import type { Context } from "hono";
import { extname, join, normalize } from "node:path";
import { DIST_ASSETS_DIR } from "./client-manifest.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".json": "application/json",
};

/** Content-hashed build output is cached for a year; other assets (swagger-ui, favicon) for an hour. */
const HASHED = /-[A-Z0-9]{8}\.(js|css|map)$/;

/** Serves `dist/assets/{file}` (no directory traversal), gzip-compressed when the client accepts it. */
export async function serveAsset(c: Context, file: string): Promise<Response> {
  const relative = normalize(file).replace(/^(\.\.(\/|$))+/, "");
  const contentType = CONTENT_TYPES[extname(relative)];
  if (!contentType || relative.includes("..")) return c.notFound();
  let data: Uint8Array<ArrayBuffer>;
  try {
    data = await Deno.readFile(join(DIST_ASSETS_DIR, relative)) as Uint8Array<ArrayBuffer>;
  } catch {
    return c.notFound();
  }
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Cache-Control": HASHED.test(relative) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    Vary: "Accept-Encoding",
  };
  if (/\bgzip\b/.test(c.req.header("Accept-Encoding") ?? "") && data.length > 1024) {
    headers["Content-Encoding"] = "gzip";
    return new Response(await gzip(relative, data), { headers });
  }
  return new Response(data, { headers });
}

const gzipCache = new Map<string, Uint8Array<ArrayBuffer>>();

async function gzip(key: string, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const cached = gzipCache.get(key);
  if (cached) return cached;
  const compressed = new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  gzipCache.set(key, compressed);
  return compressed;
}
