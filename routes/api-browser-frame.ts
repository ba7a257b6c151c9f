import { escapeHtml } from "./document.ts";

/** The Swagger UI page shown inside the API browser, with assets served locally (no CDN). */
export function apiBrowserFrame(prefix: string, productName: string, nonce: string): string {
  const assets = `${prefix}/assets/swagger-ui`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(productName)} API browser</title>` +
    `<link rel="stylesheet" href="${assets}/swagger-ui.css"><style>body{margin:0}</style></head><body><div id="swagger"></div>` +
    `<script src="${assets}/swagger-ui-bundle.js"></script>` +
    `<script nonce="${escapeHtml(nonce)}">window.ui=SwaggerUIBundle({url:${JSON.stringify(`${prefix}/api/openapi.json`)},dom_id:"#swagger",deepLinking:true,` +
    `requestInterceptor:function(r){r.headers["X-Requested-By"]="XMLHttpRequest";r.credentials="same-origin";return r}});</script>` +
    `</body></html>`;
}
