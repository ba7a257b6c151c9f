import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { type BlockerFunction, useBlocker } from "react-router";
import { pageConfig } from "../api/page-config.ts";

export const DEFAULT_LEAVE_QUESTION = "Are you sure?";

/**
 * Blocks leaving the page (route change or tab close) while `dirty`, asking `question` (spec 000 §4);
 * off in development mode.
 */
export function useDirtyGuard(dirty: boolean, question: string = DEFAULT_LEAVE_QUESTION): void {
  const active = dirty && !pageConfig().devMode;
  // The router takes a new blocker function only in its own passive effect, which a quick click can beat; the
  // function it holds reads the state committed last, set before the browser handles another event.
  const activeNow = useRef(active);
  useLayoutEffect(() => {
    activeNow.current = active;
  }, [active]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => activeNow.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (globalThis.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = question;
    };
    globalThis.addEventListener("beforeunload", onBeforeUnload);
    return () => globalThis.removeEventListener("beforeunload", onBeforeUnload);
  }, [active, question]);
}
