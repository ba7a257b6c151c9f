import { nestedDeeperThan } from "../shared/json-depth.ts";
import type { PageConfig } from "../ui/api/page-config.ts";
import type { ThemeMode } from "../ui/theme/theme-mode.ts";
import { ASSUMED_SCREEN_ATTRIBUTE, type AssumedScreen } from "../ui/widgets/assumed-screen.ts";
import { themeModeScript } from "../ui/theme/theme-mode.ts";
import type { ClientManifest } from "./client-manifest.ts";
import { DEHYDRATED_STATE_ELEMENT_ID } from "./dehydrated-state-element.ts";
import { entryStarterScript } from "./entry-starter.ts";

export interface DocumentParts {
  title: string;
  config: PageConfig;
  manifest: ClientManifest;
  /** The user's theme preference, known on the server. */
  themePreference: ThemeMode | null;
  /** The screen the page is drawn for before the browser can measure (ui/widgets/assumed-screen.ts). */
  assumedScreen?: AssumedScreen;
  /** The chunks of the page loaded on demand that this document shows (ClientManifest.pages), if any. */
  pageChunks?: readonly string[];
  /** This response's Content-Security-Policy nonce: the document's own scripts carry it (routes/security-headers.ts). */
  nonce?: string;
}

/** The nonce attribute of the document's scripts (none without a nonce, e.g. in tests). */
function nonceAttribute(nonce: string | undefined): string {
  return nonce ? ` nonce="${escapeHtml(nonce)}"` : "";
}

/** JSON for an inline script: `<` escaped so that no value can close the script element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * How deep the dehydrated state may nest to be inlined: far more than any real answer (a stored view is held to
 * 32 levels by its schema), far less than what overflows the stack of JSON.stringify.
 */
export const MAX_INLINED_STATE_DEPTH = 200;

/**
 * The dehydrated state as inline JSON, or `null` when it cannot be written (nested beyond
 * MAX_INLINED_STATE_DEPTH, or otherwise unserialisable): the page then fetches its data itself instead of the
 * connection dropping halfway through the document.
 */
export function inlineState(state: unknown): string {
  try {
    if (nestedDeeperThan(state, MAX_INLINED_STATE_DEPTH)) throw new Error(`nested deeper than ${MAX_INLINED_STATE_DEPTH} levels`);
    return inlineJson(state);
  } catch (error) {
    console.error("The page's state could not be inlined; the browser will fetch it", error);
    return "null";
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Everything before the streamed app: head with styles, config and the theme script. No scripts: the
 * server-rendered page is complete without them, so on a slow network the stylesheet and the page itself get the
 * bandwidth; the scripts load once the page has been painted (`documentContentEnd`).
 */
export function documentHead({ title, config, manifest, themePreference, assumedScreen, nonce }: DocumentParts): string {
  const assets = `${config.prefix}/assets`;
  const scheme = themePreference === "noir" ? "dark" : "light";
  const screen = assumedScreen === "phone" ? ` ${ASSUMED_SCREEN_ATTRIBUTE}="phone"` : "";
  return `<!DOCTYPE html><html lang="en" data-mantine-color-scheme="${scheme}"${screen}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="description" content="${escapeHtml(config.productName)}: search, analyse and alert on your log messages.">` +
    `<title>${escapeHtml(title)}</title>` +
    `<link rel="icon" href="${assets}/favicon.svg" type="image/svg+xml">` +
    (manifest.stylesheet ? `<link rel="stylesheet" href="${assets}/${manifest.stylesheet}">` : "") +
    `<script${nonceAttribute(nonce)}>window.__SLUICE_CONFIG__=${inlineJson(config)};${themeModeScript(themePreference, null)}</script>` +
    `</head><body><div id="root">`;
}

/**
 * Right after the streamed app, sent with it: the dehydrated server state (a JSON data block, read when the entry
 * runs) and, on a page loaded on demand, the inline starter of the entry (routes/entry-starter.ts), which adds the
 * preloads and the entry once the document has been parsed and the browser has painted the content, whatever the
 * timing.
 */
export function documentContentEnd(
  { config, manifest, pageChunks = [], nonce }: Pick<DocumentParts, "config" | "manifest" | "pageChunks" | "nonce">,
  dehydratedState: unknown,
): string {
  // A JSON data block (routes/dehydrated-state-element.ts); inlineJson's escapes keep it valid JSON.
  return `</div><script type="application/json" id="${DEHYDRATED_STATE_ELEMENT_ID}"${nonceAttribute(nonce)}>${inlineState(dehydratedState)}</script>` +
    (startsAfterPaint(pageChunks) ? `<script${nonceAttribute(nonce)}>${entryStarterScript(entryParts({ config, manifest, pageChunks }))}</script>` : "");
}

/**
 * The end of the document, sent PAINT_PAUSE_MS after `documentContentEnd`: unless the starter adds them, the
 * preloads of the entry's static imports (no request waterfall) and the entry as a module script. A moment after
 * the content, so that on a slow network they do not compete with the content and its stylesheet, and usually after
 * the paint, so that they do not count before it.
 */
export function documentEnd(parts: Pick<DocumentParts, "config" | "manifest" | "pageChunks" | "nonce">): string {
  if (startsAfterPaint(parts.pageChunks ?? [])) return "</body></html>";
  const { preloads, entry } = entryParts(parts);
  return preloads.map((url) => `<link rel="modulepreload" href="${url}">`).join("") +
    `<script type="module" src="${entry}"${nonceAttribute(parts.nonce)}></script></body></html>`;
}

/**
 * The URLs of the entry and of everything to preload with it (its static imports and the page's chunks). A page
 * the starter starts gets the staged entry (routes/client-entry-staged.ts) when the build has one.
 */
function entryParts({ config, manifest, pageChunks = [] }: Pick<DocumentParts, "config" | "manifest" | "pageChunks">) {
  const assets = `${config.prefix}/assets`;
  const staged = startsAfterPaint(pageChunks) ? manifest.staged : undefined;
  return {
    preloads: [...manifest.preload, ...(staged?.preload ?? []), ...pageChunks].map((chunk) => `${assets}/${chunk}`),
    entry: `${assets}/${staged?.script ?? manifest.script}`,
  };
}

/**
 * Whether the entry waits for the first paint (the starter) rather than running as a module script in the document
 * as soon as it is parsed. A page loaded on demand (the search page: long, the page a phone takes longest to lay
 * out) is where a module script in the document often ran before the paint, so that the page stayed blank for the
 * scripts' evaluation; it hydrates after the load event anyway (its chunk is loaded with a wait), so waiting for the
 * paint costs it nothing. Other pages keep the module script, whose run holds back the load event until hydration
 * has started: a small page is often parsed before its stylesheet lets it paint, and an entry started from that
 * paint would run after the load event (a click right after it would be lost).
 */
function startsAfterPaint(pageChunks: readonly string[]): boolean {
  return pageChunks.length > 0;
}

/**
 * How long the server waits between the content and `documentEnd`: long enough for a browser that has the content
 * to paint it (a frame, and the style and layout of the page) before the preloads and scripts arrive. On a page
 * loaded on demand the entry does not depend on it: it waits for the paint in any case (routes/entry-starter.ts).
 */
export const PAINT_PAUSE_MS = 50;
