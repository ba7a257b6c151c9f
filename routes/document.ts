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
}

/** JSON for an inline script: `<` escaped so that no value can close the script element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Everything before the streamed app: head with styles, preloads, config and the theme script. */
export function documentHead({ title, config, manifest, themePreference }: DocumentParts): string {
  const assets = `${config.prefix}/assets`;
  const scheme = themePreference === "noir" ? "dark" : "light";
  return `<!DOCTYPE html><html lang="en" data-mantine-color-scheme="${scheme}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="description" content="${escapeHtml(config.productName)}: search, analyse and alert on your log messages.">` +
    `<title>${escapeHtml(title)}</title>` +
    `<link rel="icon" href="${assets}/favicon.svg" type="image/svg+xml">` +
    (manifest.stylesheet ? `<link rel="stylesheet" href="${assets}/${manifest.stylesheet}">` : "") +
    `<link rel="modulepreload" href="${assets}/${manifest.script}">` +
    manifest.preload.map((chunk) => `<link rel="modulepreload" href="${assets}/${chunk}">`).join("") +
    `<script>window.__SLUICE_CONFIG__=${inlineJson(config)};${themeModeScript(themePreference, null)}</script>` +
    `</head><body><div id="root">`;
}

/** Everything after the streamed app: the dehydrated server state and the entry module. */
export function documentTail(config: PageConfig, manifest: ClientManifest, dehydratedState: unknown): string {
  return `</div><script>window.__SLUICE_STATE__=${inlineJson(dehydratedState)}</script>` +
    `<script type="module" src="${config.prefix}/assets/${manifest.script}"></script></body></html>`;
}
