/** Entry: read settings, open the backend, build the app, serve. */
import { mkdirSync } from "node:fs";
import { createApp } from "./app.ts";
import { databasePath, readSettings } from "./config.ts";
import { openEmbeddedBackend } from "./mock-backend/embedded-backend.ts";

const settings = readSettings();
if (settings.graylogUrl) {
  console.error("SLUICE_GRAYLOG_URL is set, but proxy mode is not available yet: unset it to use the embedded backend.");
  Deno.exit(2);
}
mkdirSync(settings.dataDir, { recursive: true });
const backend = await openEmbeddedBackend({
  databasePath: databasePath(settings),
  adminPassword: settings.adminPassword,
  demoMessages: settings.demoMessages,
  demoRate: settings.demoRate,
  log: (line) => console.log(line),
});
const app = createApp({
  backend,
  prefix: settings.pathPrefix,
  limits: { maxBodyBytes: settings.maxRequestBytes },
  wallFrameAncestors: settings.wallFrameAncestors,
  api: {
    trustProxy: settings.trustProxy,
    searchQueue: {
      concurrency: settings.searchConcurrency,
      maxWaiting: settings.searchQueueLength,
      maxWaitMs: settings.searchQueueWaitMs,
    },
  },
});
const server = Deno.serve({
  port: settings.port,
  hostname: settings.host,
  onListen: ({ hostname, port }) => console.log(`Sluice listening on http://${hostname}:${port}${settings.pathPrefix}/`),
}, app.fetch);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await server.shutdown();
    await backend.close();
    Deno.exit(0);
  });
}
