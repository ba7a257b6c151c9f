import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { installRequestHooks } from "../api/api-transport.ts";
import { waitForLogin } from "../session/login-gate.ts";
import { sessionQueryOptions } from "../session/session-queries.ts";
import { endSession } from "../session/use-session-actions.ts";
import { serverAvailabilityAtom } from "./server-availability.ts";

/** Connects the request helper to the shell: 401 logs out, unreachable servers show the unavailable page. */
export function RequestHooks() {
  const queryClient = useQueryClient();
  const setAvailability = useSetAtom(serverAvailabilityAtom);
  useEffect(() => {
    installRequestHooks({
      onUnauthorized: () => {
        const session = queryClient.getQueryData(sessionQueryOptions().queryKey);
        if (session?.is_valid) endSession(queryClient);
      },
      onServerUnreachable: (failure) => setAvailability({ up: false, failure }),
      onServerReachable: () => setAvailability((current) => (current.up ? current : { up: true, failure: current.failure })),
      waitForLogin,
    });
    return () => installRequestHooks(null);
  }, [queryClient, setAvailability]);
  return null;
}
