import type { ResultMessage } from "../../api/schemas/search.ts";
import type { Database } from "../database.ts";
import { decorateMessages, decoratorsToApply } from "./decorate-messages.ts";
import { decoratorStoreFor } from "./decorator-store.ts";

export interface SearchDecoration {
  /** The streams the search type searched (empty = no stream filter, i.e. the default search). */
  streams: readonly string[];
  /** The search type's own `decorators` list (e.g. a message table widget's). */
  inline: readonly unknown[];
}

/** The messages search type's hook: decorates result messages with the stored and the inline decorators. */
export async function decorateSearchResults(
  db: Database,
  messages: ResultMessage[],
  decoration: SearchDecoration,
): Promise<ResultMessage[]> {
  const store = decoratorStoreFor(db);
  const decorators = decoratorsToApply(await store.list(), decoration.streams, decoration.inline);
  return decorators.length === 0 ? messages : decorateMessages(messages, decorators, store.registry);
}
