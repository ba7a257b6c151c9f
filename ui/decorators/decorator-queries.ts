import type { QueryClient } from "@tanstack/react-query";
import type { AvailableDecorators, Decorator, DecoratorBody } from "../../api/schemas/decorators.ts";
import type { StreamsList } from "../../api/schemas/streams.ts";
import { apiQueryOptions } from "../api/api-query.ts";
import { fetchJson } from "../api/fetch-json.ts";

/** Query keys of the decorator administration. */
export const decoratorKeys = {
  all: ["decorators"] as const,
  list: ["decorators", "list"] as const,
  available: ["decorators", "available"] as const,
  streams: ["decorators", "streams"] as const,
};

export const decoratorsQueryOptions = () =>
  apiQueryOptions<Decorator[]>(decoratorKeys.list, "/search/decorators");

/** The types hardly ever change while the page is open. */
export const availableDecoratorsQueryOptions = () =>
  apiQueryOptions<AvailableDecorators>(decoratorKeys.available, "/search/decorators/available", {
    staleTime: 300_000,
  });

/** The streams a decorator can belong to (the stream picker). */
export const decoratorStreamsQueryOptions = () =>
  apiQueryOptions<StreamsList>(decoratorKeys.streams, "/streams", { staleTime: 60_000 });

export const createDecorator = (body: DecoratorBody) =>
  fetchJson<Decorator>("POST", "/search/decorators", body);

export const updateDecorator = (id: string, body: DecoratorBody) =>
  fetchJson<Decorator>("PUT", `/search/decorators/${encodeURIComponent(id)}`, body);

export const deleteDecorator = (id: string) =>
  fetchJson<null>("DELETE", `/search/decorators/${encodeURIComponent(id)}`);

/** After any change: decorators change search results too, so cached searches are stale as well. */
export async function invalidateAfterDecoratorChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: decoratorKeys.list });
  await queryClient.invalidateQueries({ queryKey: ["search"] });
}
