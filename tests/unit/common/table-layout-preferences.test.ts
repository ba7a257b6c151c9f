import { deepStrictEqual as assertEquals, equal } from "node:assert/strict";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import type { EntityListPreferences } from "../../../api/schemas/entity-list-preferences.ts";
import {
  layoutWithDefaults,
  mergePreferences,
  preferencesFromServer,
  preferencesToServer,
} from "../../../ui/common/entity-table/logic/layout-preferences.ts";
import {
  LAYOUT_PREFERENCES_STALE_TIME_MS,
  layoutPreferencesLoadFailedText,
  layoutPreferencesUpdateFailedText,
  nextPreferencesPayload,
  tableLayoutKeys,
  tableLayoutMutationOptions,
  tableLayoutPreferencesQueryOptions,
} from "../../../ui/common/entity-table/table-layout-queries.ts";

Deno.test("server preferences convert to the client form and back unchanged", () => {
  const server: EntityListPreferences = {
    displayed_attributes: ["title", "description"],
    sort: { field: "title", order: "desc" },
    per_page: 50,
  };
  const client = preferencesFromServer(server);
  assertEquals(client, {
    displayedAttributes: ["title", "description"],
    sort: { attributeId: "title", direction: "desc" },
    perPage: 50,
  });
  assertEquals(preferencesToServer(client), server);
});

Deno.test("the saved payload omits sort when there is no sort", () => {
  assertEquals(preferencesToServer({ displayedAttributes: ["title"], perPage: 20 }), {
    displayed_attributes: ["title"],
    per_page: 20,
  });
  equal("sort" in preferencesToServer({ perPage: 20 }), false);
});

Deno.test("an empty server answer means no stored preferences", () => {
  assertEquals(preferencesFromServer({}), {});
  assertEquals(preferencesFromServer(undefined), {});
});

Deno.test("a change keeps the other stored preferences", () => {
  const merged = mergePreferences({ displayedAttributes: ["a"], perPage: 20 }, {
    sort: { attributeId: "a", direction: "asc" },
  });
  assertEquals(merged, {
    displayedAttributes: ["a"],
    perPage: 20,
    sort: { attributeId: "a", direction: "asc" },
  });
});

Deno.test("page defaults apply where nothing is stored and a stored size the table does not offer is ignored", () => {
  const defaults = {
    displayedAttributes: ["title"],
    sort: { attributeId: "title", direction: "asc" as const },
    perPage: 20,
  };
  assertEquals(layoutWithDefaults(undefined, defaults), defaults);
  assertEquals(layoutWithDefaults({ perPage: 7 }, defaults, [10, 20, 50]).perPage, 20);
  assertEquals(layoutWithDefaults({ perPage: 50, displayedAttributes: ["x"] }, defaults, [10, 20, 50]), {
    ...defaults,
    perPage: 50,
    displayedAttributes: ["x"],
  });
});

Deno.test("layout preferences are cached for one hour under their resource key: the API path and the table id", () => {
  const options = tableLayoutPreferencesQueryOptions("streams");
  assertEquals(options.queryKey, tableLayoutKeys.detail("streams"));
  assertEquals(options.queryKey, ["/entitylists/preferences/{entityTableId}", { path: { entityTableId: "streams" } }]);
  equal(options.staleTime, LAYOUT_PREFERENCES_STALE_TIME_MS);
  equal(LAYOUT_PREFERENCES_STALE_TIME_MS, 3_600_000);
  equal(typeof options.placeholderData, "function");
});

Deno.test("failure texts name the table and the error", () => {
  equal(
    layoutPreferencesLoadFailedText("streams", new Error("boom")),
    'Loading layout preferences for "streams" overview failed with boom',
  );
  equal(
    layoutPreferencesUpdateFailedText(new Error("boom")),
    "Updating table layout preferences failed with error: boom",
  );
});

async function withFetch(
  handler: (url: string, init: RequestInit) => Promise<Response>,
  run: () => Promise<void>,
) {
  const original = globalThis.fetch;
  globalThis.fetch =
    ((input: string | URL | Request, init?: RequestInit) =>
      handler(String(input), init ?? {})) as typeof fetch;
  try {
    await run();
  } finally {
    globalThis.fetch = original;
  }
}

Deno.test("saving updates the cache before the server answers and posts the merged server form", async () => {
  const queryClient = new QueryClient();
  const key = tableLayoutKeys.detail("streams");
  queryClient.setQueryData<EntityListPreferences>(key, { displayed_attributes: ["title"], per_page: 20 });
  let release: (response: Response) => void = () => {};
  const posted: { url: string; body: unknown }[] = [];
  await withFetch((url, init) => {
    posted.push({ url, body: JSON.parse(String(init.body)) });
    return new Promise<Response>((resolve) => (release = resolve));
  }, async () => {
    const payload = nextPreferencesPayload(queryClient, "streams", {
      sort: { attributeId: "title", direction: "desc" },
    });
    const observer = new MutationObserver(queryClient, tableLayoutMutationOptions(queryClient, "streams"));
    const done = observer.mutate(payload);
    await new Promise((resolve) => setTimeout(resolve, 10));
    assertEquals(queryClient.getQueryData(key), {
      displayed_attributes: ["title"],
      per_page: 20,
      sort: { field: "title", order: "desc" },
    });
    release(new Response(null, { status: 204 }));
    await done;
  });
  assertEquals(posted, [{
    url: "/api/entitylists/preferences/streams",
    body: { displayed_attributes: ["title"], per_page: 20, sort: { field: "title", order: "desc" } },
  }]);
  queryClient.clear();
});

Deno.test("a failed save restores the previous cached layout", async () => {
  const queryClient = new QueryClient();
  const key = tableLayoutKeys.detail("users");
  queryClient.setQueryData<EntityListPreferences>(key, { per_page: 20 });
  await withFetch(
    () =>
      Promise.resolve(new Response(JSON.stringify({ type: "ApiError", message: "nope" }), { status: 400 })),
    async () => {
      const observer = new MutationObserver(queryClient, tableLayoutMutationOptions(queryClient, "users"));
      await observer.mutate({ per_page: 50 }).catch(() => {});
    },
  );
  assertEquals(queryClient.getQueryData(key), { per_page: 20 });
  queryClient.clear();
});
