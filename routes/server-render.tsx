import { dehydrate } from "@tanstack/react-query";
import { createStore } from "jotai";
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { Identity } from "../api/middleware/authenticate.ts";
import type { SessionValidation } from "../api/schemas/session.ts";
import type { User } from "../api/schemas/user.ts";
import { AppProviders } from "../ui/app/AppProviders.tsx";
import { type PageConfig, setServerPageConfig } from "../ui/api/page-config.ts";
import { createQueryClient } from "../ui/api/query-client.ts";
import { currentUserQueryOptions, sessionQueryOptions } from "../ui/session/session-queries.ts";
import { jvmQueryOptions, systemInfoQueryOptions } from "../ui/shell/shell-queries.ts";
import { documentTitle } from "../ui/shell/use-document-title.ts";
import { isThemeMode, THEME_MODE_KEY } from "../ui/theme/theme-mode.ts";
import type { ClientManifest } from "./client-manifest.ts";
import { documentHead, documentTail } from "./document.ts";
import { routes } from "./route-table.tsx";
import { type InProcessApi, prefetchApiQuery } from "./ssr-prefetch.ts";

export interface RenderOptions {
  config: PageConfig;
  /** Who is asking, resolved once from the request's session cookie. */
  identity: Identity;
  manifest: ClientManifest;
  /** The API, called in process with the request's cookie. */
  api: InProcessApi;
}

const handler = createStaticHandler(routes);

/**
 * Streams a server-rendered page: resolves the route, seeds the session and current user, prefetches the
 * shell's data through the in-process API, renders with react-router's static router and writes the
 * dehydrated react-query state for the browser to hydrate.
 */
export async function renderPage(request: Request, { config, manifest, api, identity }: RenderOptions): Promise<Response> {
  setServerPageConfig(config);
  const basenameHandler = config.prefix ? createStaticHandler(routes, { basename: config.prefix }) : handler;
  const context = await basenameHandler.query(request);
  if (context instanceof Response) return context;

  // The caller was resolved by the server: seed the session and current user queries with the same shapes the
  // API answers, and prefetch the shell's other data through the in-process API.
  const queryClient = createQueryClient();
  const user = identity.user ?? undefined;
  queryClient.setQueryData<SessionValidation>(sessionQueryOptions().queryKey, {
    is_valid: !!user,
    session_id: identity.session?.id ?? null,
    username: user?.username ?? null,
  });
  if (user) {
    queryClient.setQueryData<User>(currentUserQueryOptions(user.username).queryKey, user);
    await Promise.all([
      prefetchApiQuery(queryClient, systemInfoQueryOptions(), api),
      prefetchApiQuery(queryClient, jvmQueryOptions(), api),
    ]);
  }

  const lastMatch = context.matches.at(-1);
  const notFound = lastMatch?.route.path === "*";
  const routeTitle = (lastMatch?.route.handle as { title?: string } | undefined)?.title ?? null;
  const title = documentTitle(user ? routeTitle : "Sign in");
  const preference = user?.preferences[THEME_MODE_KEY];
  const themePreference = isThemeMode(preference) ? preference : null;

  const router = createStaticRouter(basenameHandler.dataRoutes, context);
  const app = (
    <AppProviders queryClient={queryClient} store={createStore()} defaultColorScheme={themePreference === "noir" ? "dark" : "light"}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
  const encoder = new TextEncoder();
  // The head goes out before the render finishes, so the browser fetches styles and scripts meanwhile.
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(documentHead({ title, config, manifest, themePreference })));
      try {
        const body = await renderToReadableStream(app, { onError: (error) => console.error("Server render failed", error) });
        const reader = body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          controller.enqueue(value);
        }
      } catch (error) {
        // The shell failed to render: the browser renders the page itself from the same state.
        console.error("Server render failed; the browser will render the page", error);
      }
      controller.enqueue(encoder.encode(documentTail(config, manifest, dehydrate(queryClient))));
      controller.close();
    },
  });
  return new Response(stream, {
    status: notFound ? 404 : context.statusCode,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
