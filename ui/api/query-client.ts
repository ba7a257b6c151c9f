import { QueryClient } from "@tanstack/react-query";
import { FetchError } from "./fetch-error.ts";

/** One QueryClient per page load (and per SSR request). Client errors (4xx) are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(error instanceof FetchError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
}
