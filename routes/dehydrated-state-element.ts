import type { DehydratedState } from "@tanstack/react-query";

/**
 * The element that carries the server's react-query state in the document: a JSON data block
 * (`<script type="application/json">`), not a script that assigns it. The HTML parser only collects a data
 * block's text; an assigning script is compiled and run as it is parsed, one long task for a search page's
 * ~170 KB of results (~230 ms on a slow phone), right after the first paint. The entry parses the JSON when it
 * needs it, in a task of its own.
 */
export const DEHYDRATED_STATE_ELEMENT_ID = "sluice-state";

/** The server's state, or null when the document has none (or it cannot be read). */
export function readDehydratedState(document: Pick<Document, "getElementById">): DehydratedState | null {
  const text = document.getElementById(DEHYDRATED_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    // A broken state only costs the server's answers: the page then fetches them itself.
    return null;
  }
}
