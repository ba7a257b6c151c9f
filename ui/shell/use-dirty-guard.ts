import { useCallback, useContext, useEffect, useId, useLayoutEffect, useRef } from "react";
import {
  type BlockerFunction,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
} from "react-router";
import { pageConfig } from "../api/page-config.ts";

export const DEFAULT_LEAVE_QUESTION = "Are you sure?";

/**
 * Blocks leaving the page (route change or tab close) while `dirty`, asking `question` (spec 000 §4);
 * off in development mode.
 *
 * The blocker is registered with the router in the commit that mounts the page, not through react-router's
 * useBlocker: that one registers only in a passive effect after a state update of its own, a render that may not
 * commit for a long while after the page is live (on a busy machine, behind the page's hydration and the user's
 * own updates), and until it does the router lets every navigation through without asking.
 */
export function useDirtyGuard(dirty: boolean, question: string = DEFAULT_LEAVE_QUESTION): void {
  const active = dirty && !pageConfig().devMode;
  // The function the router holds reads the state committed last, set before the browser handles another event.
  const activeNow = useRef(active);
  useLayoutEffect(() => {
    activeNow.current = active;
  }, [active]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      activeNow.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blockerKey = useId();
  const router = useContext(DataRouterContext)?.router;
  useLayoutEffect(() => {
    if (!router) return;
    router.getBlocker(blockerKey, shouldBlock);
    return () => router.deleteBlocker(blockerKey);
  }, [router, blockerKey, shouldBlock]);
  const blocker = useContext(DataRouterStateContext)?.blockers.get(blockerKey);
  useEffect(() => {
    if (blocker?.state !== "blocked") return;
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
