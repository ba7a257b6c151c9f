import { useEffect, useState } from "react";

/** The longest wait for an idle moment: on a page that stays busy, the deferred work starts anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the browser has had an idle moment after the calling component mounted (always false on the
 * server and during hydration, so both renders agree). For work the first interaction does not need — the
 * shell's polling queries, the scratchpad reading local storage — which would otherwise start in the effects
 * right after hydration and re-render in the same long task as the page's own effects, on a slow phone the task
 * that delays the first click most.
 */
export function useBrowserIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Not in every browser (Safari): a plain later task is the fallback.
    if (typeof globalThis.requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }, []);
  return idle;
}
