import { createContext } from "react";

/**
 * The screen a page is drawn for before anything can be measured (the server's render and hydration): a phone when
 * the browser says it runs on one (the `Sec-CH-UA-Mobile` hint, sent by Chromium browsers on every request to a
 * secure origin), a laptop otherwise. The server decides and writes its choice on `<html>`, and the browser
 * hydrates with that same choice, so the two renders always agree.
 */
export type AssumedScreen = "laptop" | "phone";

/** The `<html>` attribute that carries the server's choice to the browser. */
export const ASSUMED_SCREEN_ATTRIBUTE = "data-assumed-screen";

export const AssumedScreenContext = createContext<AssumedScreen>("laptop");

/** The assumption for a request's `Sec-CH-UA-Mobile` header (`?1` on a phone). */
export function assumedScreenOf(mobileHint: string | null): AssumedScreen {
  return mobileHint?.trim() === "?1" ? "phone" : "laptop";
}

/** The server's choice, read from the document (a page without it was drawn for a laptop). */
export function readAssumedScreen(root: Pick<Element, "getAttribute">): AssumedScreen {
  return root.getAttribute(ASSUMED_SCREEN_ATTRIBUTE) === "phone" ? "phone" : "laptop";
}
