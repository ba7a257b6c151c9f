import type { QueryClient } from "@tanstack/react-query";
import type { DecoratorBody } from "../../api/schemas/decorators.ts";
import { apiCall } from "../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../api/resource-query.ts";

export const decoratorsQueryOptions = () => resourceQueryOptions("/search/decorators");

/** The types hardly ever change while the page is open. */
export const availableDecoratorsQueryOptions = () =>
  resourceQueryOptions("/search/decorators/available", undefined, { staleTime: 300_000 });

/** The streams a decorator can belong to (the stream picker): the same resource the search page reads. */
export const decoratorStreamsQueryOptions = () => resourceQueryOptions("/streams", undefined, { staleTime: 60_000 });

export const createDecorator = (body: DecoratorBody) => apiCall("post", "/search/decorators", { body });

export const updateDecorator = (id: string, body: DecoratorBody) =>
  apiCall("put", "/search/decorators/{id}", { params: { path: { id } }, body });

export const deleteDecorator = (id: string) => apiCall("delete", "/search/decorators/{id}", { params: { path: { id } } });

/** After any change: decorators change search results too, so cached searches are stale as well. */
export async function invalidateAfterDecoratorChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/search/decorators") });
  await queryClient.invalidateQueries({ queryKey: ["search"] });
}
