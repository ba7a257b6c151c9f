/** Entry: read settings, open the backend, build the app, serve. */
import "./server-react-mode.ts"; // first: React is loaded below
import { mkdirSync } from "node:fs";
import { type AppApiSource, createApp } from "./app.ts";
import { graylogUpstream } from "./api/proxy/graylog-upstream.ts";
import { databasePath, readSettings } from "./config.ts";
import { openEmbeddedBackend } from "./mock-backend/embedded-backend.ts";

const settings = readSettings();
// Proxy mode (SLUICE_GRAYLOG_URL): /api is Graylog's; no database is opened.
const source: AppApiSource & { close(): Promise<void> } = settings.graylogUrl
  ? proxySource(settings.graylogUrl)
  : await embeddedSource();
const app = createApp({
  ...source,
  prefix: settings.pathPrefix,
  limits: { maxBodyBytes: settings.maxRequestBytes },
  wallFrameAncestors: settings.wallFrameAncestors,
  api: {
    trustProxy: settings.trustProxy,
    searchQueue: {
      concurrency: settings.searchConcurrency,
      maxWaiting: settings.searchQueueLength,
      maxWaitMs: settings.searchQueueWaitMs,
      timeoutMs: settings.searchTimeoutMs,
    },
  },
});
const server = Deno.serve({
  port: settings.port,
  hostname: settings.host,
  onListen: ({ hostname, port }) =>
    console.log(
      `Sluice listening on http://${hostname}:${port}${settings.pathPrefix}/${settings.graylogUrl ? ` (proxy mode: the API is Graylog's at ${settings.graylogUrl})` : ""}`,
    ),
}, app.fetch);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await server.shutdown();
    await source.close();
    Deno.exit(0);
  });
}

function proxySource(apiUrl: string): AppApiSource & { close(): Promise<void> } {
  const graylog = graylogUpstream({ apiUrl, timeoutMs: settings.graylogTimeoutMs, caFile: settings.graylogCaFile });
  return { graylog, close: () => Promise.resolve(graylog.client?.close()) };
}

async function embeddedSource(): Promise<AppApiSource & { close(): Promise<void> }> {
  mkdirSync(settings.dataDir, { recursive: true });
  const backend = await openEmbeddedBackend({
    databasePath: databasePath(settings),
    adminPassword: settings.adminPassword,
    demoMessages: settings.demoMessages,
    demoRate: settings.demoRate,
    log: (line) => console.log(line),
    smtp: settings.smtpUrl ? { url: settings.smtpUrl, defaultSender: settings.smtpFrom, timeoutMs: 10_000 } : null,
  });
  return { backend, close: () => backend.close() };
}
