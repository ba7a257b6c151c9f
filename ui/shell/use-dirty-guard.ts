import { useEffect } from "react";
import { useBlocker } from "react-router";
import { pageConfig } from "../api/page-config.ts";

export const DEFAULT_LEAVE_QUESTION = "Are you sure?";

/**
 * Blocks leaving the page (route change or tab close) while `dirty`, asking `question` (spec 000 §4);
 * off in development mode.
 */
export function useDirtyGuard(dirty: boolean, question: string = DEFAULT_LEAVE_QUESTION): void {
  const active = dirty && !pageConfig().devMode;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);
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
