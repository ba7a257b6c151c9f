import { useEffect } from "react";

/** Set on `<html>` once a page loaded on demand has hydrated (or rendered, after a navigation). */
export const PAGE_HYDRATED_ATTRIBUTE = "data-page-hydrated";

/**
 * Rendered last inside a page's Suspense boundary: its effect runs once that boundary's content is live. A page
 * loaded on demand is server-rendered and visible well before it hydrates (its code is evaluated in stages after
 * the paint, routes/client-entry-staged.ts), and a click on a control before then does nothing: browser tests wait
 * for this mark before using such a page.
 */
export function PageHydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute(PAGE_HYDRATED_ATTRIBUTE, "");
  }, []);
  return null;
}
