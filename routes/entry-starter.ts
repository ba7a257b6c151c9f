/** What the starter loads once the content is painted: the chunks to preload, then the entry (URLs). */
export interface EntryStarterParts {
  preloads: readonly string[];
  entry: string;
}

/** Preload links added per task (see entryStarterScript). */
export const PRELOADS_PER_TASK = 3;

/** How long the entry waits for the first contentful paint before starting anyway (a page that paints nothing). */
export const ENTRY_START_FALLBACK_MS = 3000;

/**
 * The inline script, right after the server's content, that starts the client entry (adds it as a module script,
 * then the preloads of its chunks and the page's) once the document has been parsed, like a module
 * script in the document, but never before the browser has painted the content (its first contentful paint entry,
 * looked for on every animation frame from then on). Lighthouse counts every request started before the observed
 * paint against the first paint, and on a busy machine the paint was seen presented ~1.7 s after the document had
 * been parsed: preloads in the document were all requested by then.
 * A module script in the document runs as soon as the document is parsed, which on a busy phone still laying out
 * a long page comes before the paint: the page (complete without JavaScript) then stays blank for the scripts'
 * evaluation, seconds there. Started at the end of parsing, when the content has been painted (the usual case),
 * the entry holds back the load event until it has run.
 * Not at the load event: on a busy machine the paint was measured coming 1.5 s after it (the compositor starved),
 * and the scripts would again have run before it. It starts after ENTRY_START_FALLBACK_MS should no paint be
 * reported, and without waiting for a paint in a hidden tab (which paints nothing) or a browser without paint
 * timing.
 */
export function entryStarterScript({ preloads, entry }: EntryStarterParts): string {
  // Plain ES5 for every browser that runs it; the URLs are JSON literals with `<` escaped (no `</script>`).
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return `(function(){var started=false;function start(){if(started)return;started=true;` +
    // The entry first: added before the load event, it holds it back until it has run.
    `var s=document.createElement("script");s.type="module";s.src=${json(entry)};document.body.appendChild(s);` +
    `var urls=${json(preloads)},i=0;` +
    // Then the preloads, a few links per task from the next task on: in a phone's load trace (×4) a link cost
    // 1.5–2 ms as it went in, and batches of 8 beside the entry were tasks of 50–130 ms. Those the entry's own
    // imports already asked for cost nothing more; the page's chunks are fetched before the entry asks for them.
    `function batch(){for(var end=i+${PRELOADS_PER_TASK};i<urls.length&&i<end;i++){var l=document.createElement("link");` +
    `l.rel="modulepreload";l.href=urls[i];document.head.appendChild(l)}` +
    `if(i<urls.length)setTimeout(batch,0)}setTimeout(batch,0)}` +
    `var P=window.PerformanceObserver;` +
    `var waits=document.visibilityState!=="hidden"&&!!P&&!!P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0;` +
    // Animation frames keep their priority on a busy page (a paint observer's callback was measured arriving
    // ~0.7 s late there), and the entry appears only once the paint has been presented.
    `function check(){if(started)return;` +
    `if(waits&&performance.getEntriesByName("first-contentful-paint").length===0)return void requestAnimationFrame(check);` +
    `if(document.readyState!=="loading")start()}` +
    `document.addEventListener("DOMContentLoaded",check);` +
    `setTimeout(start,${ENTRY_START_FALLBACK_MS})})();`;
}
