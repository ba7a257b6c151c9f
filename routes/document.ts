import type { PageConfig } from "../ui/api/page-config.ts";
import type { ThemeMode } from "../ui/theme/theme-mode.ts";
import { themeModeScript } from "../ui/theme/theme-mode.ts";
import type { ClientManifest } from "./client-manifest.ts";

export interface DocumentParts {
  title: string;
  config: PageConfig;
  manifest: ClientManifest;
  /** The user's theme preference, known on the server. */
  themePreference: ThemeMode | null;
  /** The chunks of the page loaded on demand that this document shows (ClientManifest.pages), if any. */
  pageChunks?: readonly string[];
}

/** JSON for an inline script: `<` escaped so that no value can close the script element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Everything before the streamed app: head with styles, config and the theme script. No scripts: the
 * server-rendered page is complete without them, so on a slow network the stylesheet and the page itself get the
 * bandwidth; the scripts load once the page has been painted (`documentTail`).
 */
export function documentHead({ title, config, manifest, themePreference }: DocumentParts): string {
  const assets = `${config.prefix}/assets`;
  const scheme = themePreference === "noir" ? "dark" : "light";
  return `<!DOCTYPE html><html lang="en" data-mantine-color-scheme="${scheme}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="description" content="${escapeHtml(config.productName)}: search, analyse and alert on your log messages.">` +
    `<title>${escapeHtml(title)}</title>` +
    `<link rel="icon" href="${assets}/favicon.svg" type="image/svg+xml">` +
    (manifest.stylesheet ? `<link rel="stylesheet" href="${assets}/${manifest.stylesheet}">` : "") +
    `<script>window.__SLUICE_CONFIG__=${inlineJson(config)};${themeModeScript(themePreference, null)}</script>` +
    `</head><body><div id="root">`;
}

/**
 * Everything after the streamed app: the dehydrated server state and the scripts. The server sends it a moment
 * after the page's content (`PAINT_PAUSE_MS`), so the browser paints the content first: scripts in the head, or
 * arriving with the content, would be fetched while the page still waits for its content and stylesheet (sharing a
 * slow network with them), and a module script runs as soon as the document is parsed, before the browser paints,
 * so the page (complete without JavaScript) would wait for the scripts' evaluation, seconds on a slow phone.
 * Everything the page needs is preloaded here at once (the entry's static imports and, for a page loaded on
 * demand, its chunks: no request waterfall); the entry still runs before the load event, as before.
 */
export function documentTail(
  { config, manifest, pageChunks = [] }: Pick<DocumentParts, "config" | "manifest" | "pageChunks">,
  dehydratedState: unknown,
): string {
  const assets = `${config.prefix}/assets`;
  return `</div><script>window.__SLUICE_STATE__=${inlineJson(dehydratedState)}</script>` +
    [...manifest.preload, ...pageChunks].map((chunk) => `<link rel="modulepreload" href="${assets}/${chunk}">`).join("") +
    `<script type="module" src="${assets}/${manifest.script}"></script></body></html>`;
}

/**
 * How long the server waits between the page's content and `documentTail`: long enough for a browser that has the
 * content to paint it (a frame, and the style and layout of the page) before the scripts arrive.
 */
export const PAINT_PAUSE_MS = 50;
