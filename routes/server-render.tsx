import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { createStore } from "jotai";
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { SessionValidation } from "../api/schemas/session.ts";
import type { User } from "../api/schemas/user.ts";
import { AppProviders } from "../ui/app/AppProviders.tsx";
import { type PageConfig, setServerPageConfig } from "../ui/api/page-config.ts";
import { createQueryClient } from "../ui/api/query-client.ts";
import { currentUserQueryOptions, sessionQueryOptions } from "../ui/session/session-queries.ts";
import { jvmQueryOptions, systemInfoQueryOptions } from "../ui/shell/shell-queries.ts";
import { documentTitle } from "../ui/shell/use-document-title.ts";
import { isThemeMode, THEME_MODE_KEY } from "../ui/theme/theme-mode.ts";
import { assumedScreenOf } from "../ui/widgets/assumed-screen.ts";
import type { ClientManifest } from "./client-manifest.ts";
import { compactSearchJobs } from "./dehydrated-search-jobs.ts";
import { documentContentEnd, documentEnd, documentHead, PAINT_PAUSE_MS } from "./document.ts";
import { routes } from "./route-table.tsx";
import { pageModuleOf } from "./page-modules.ts";
import { prefetchedSearchPageOf, prefetchSearchPage } from "./search-prefetch.ts";
import { prefetchDashboardPage, prefetchedDashboardPageOf } from "./dashboard-prefetch.ts";
import { type InProcessApi, prefetchResourceQuery } from "./ssr-prefetch.ts";

export interface RenderOptions {
  config: PageConfig;
  manifest: ClientManifest;
  /** The API, called in process with the request's credentials; it also says who is asking. */
  api: InProcessApi;
  /** This response's Content-Security-Policy nonce for the document's scripts. */
  nonce?: string;
}

const handler = createStaticHandler(routes);

/**
 * Streams a server-rendered page: resolves the route, asks the in-process API who is calling (session, then
 * user), prefetches the shell's data the same way, renders with react-router's static router and writes the
 * dehydrated react-query state for the browser to hydrate. It needs nothing but `/api`.
 */
export async function renderPage(request: Request, { config, manifest, api, nonce }: RenderOptions): Promise<Response> {
  setServerPageConfig(config);
  const basenameHandler = config.prefix ? createStaticHandler(routes, { basename: config.prefix }) : handler;
  const context = await basenameHandler.query(request);
  if (context instanceof Response) return context;

  // Who is calling, as the browser would ask: the session, then the signed-in user; both stay in the dehydrated
  // state. The shell's other data is prefetched the same way.
  const queryClient = createQueryClient();
  const user = await signedInUser(queryClient, api);
  const lastMatch = context.matches.at(-1);
  const searchPage = prefetchedSearchPageOf(lastMatch?.route.path);
  const dashboardPage = prefetchedDashboardPageOf(lastMatch?.route.path);
  // Awaited after the head is out: the browser fetches styles and scripts while the data (the search job above
  // all) is prefetched.
  const prefetch = async () => {
    if (!user) return;
    await Promise.all([
      prefetchResourceQuery(queryClient, systemInfoQueryOptions(), api),
      prefetchResourceQuery(queryClient, jvmQueryOptions(), api),
      searchPage
        ? prefetchSearchPage(queryClient, { page: searchPage, url: new URL(request.url), params: lastMatch?.params ?? {}, user, api })
          .catch((error) => console.error("Search page prefetch failed; the browser will search", error))
        : undefined,
      dashboardPage
        ? prefetchDashboardPage(queryClient, { page: dashboardPage, url: new URL(request.url), params: lastMatch?.params ?? {}, user, api })
          .catch((error) => console.error("Dashboard prefetch failed; the browser will search", error))
        : undefined,
    ]);
  };

  const notFound = lastMatch?.route.path === "*";
  const routeTitle = (lastMatch?.route.handle as { title?: string } | undefined)?.title ?? null;
  const title = documentTitle(user ? routeTitle : "Sign in");
  const preference = user?.preferences[THEME_MODE_KEY];
  const themePreference = isThemeMode(preference) ? preference : null;

  // Charts are drawn for a phone's width when the browser says it is one; the document tells the browser.
  const assumedScreen = assumedScreenOf(request.headers.get("Sec-CH-UA-Mobile"));
  const router = createStaticRouter(basenameHandler.dataRoutes, context);
  const app = (
    <AppProviders
      queryClient={queryClient}
      store={createStore()}
      defaultColorScheme={themePreference === "noir" ? "dark" : "light"}
      assumedScreen={assumedScreen}
    >
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
  // A page loaded on demand needs its own chunks too: the document preloads them with the entry's.
  const pageModule = user ? pageModuleOf(lastMatch?.route.path) : null;
  const pageChunks = pageModule ? manifest.pages[pageModule] ?? [] : [];
  const encoder = new TextEncoder();
  // The head goes out before the render finishes, so the browser fetches the stylesheet meanwhile.
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(documentHead({ title, config, manifest, themePreference, assumedScreen, nonce })));
      await prefetch();
      try {
        // The head is out already; waiting for the lazy page (and every other boundary) to finish, with no size
        // limit for inlining a finished boundary, puts the page's content inline instead of hidden segments that
        // inline scripts reveal later (slower to paint, and never shown without JavaScript).
        const body = await renderToReadableStream(app, {
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          nonce,
          onError: (error) => console.error("Server render failed", error),
        });
        await body.allReady;
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
      // The state (and a page's entry starter, which waits for the paint); the preloads a moment later (PAINT_PAUSE_MS).
      // A state that cannot be written (routes/document.ts inlineState) costs the page its server data, never the
      // end of the document.
      controller.enqueue(encoder.encode(documentContentEnd({ config, manifest, pageChunks, nonce }, dehydratedState(queryClient))));
      await new Promise((resolve) => setTimeout(resolve, PAINT_PAUSE_MS));
      controller.enqueue(encoder.encode(documentEnd({ config, manifest, pageChunks, nonce })));
      controller.close();
    },
  });
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    Vary: "Accept-Encoding, Sec-CH-UA-Mobile",
  };
  // A search page carries its results (markup and dehydrated state): gzip cuts it several fold. The compressor
  // flushes every chunk, so the head still goes out before the render.
  const gzip = acceptsGzip(request.headers.get("Accept-Encoding"));
  if (gzip) headers["Content-Encoding"] = "gzip";
  // CompressionStream is typed for BufferSource input; the page's chunks are all Uint8Array.
  const gzipped = () => stream.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
  return new Response(gzip ? gzipped() : stream, {
    status: notFound ? 404 : context.statusCode,
    headers,
  });
}

/**
 * The signed-in user, or undefined for an anonymous caller. The session query is seeded with the answer, or
 * left to the browser when the API gave none.
 */
async function signedInUser(queryClient: QueryClient, api: InProcessApi): Promise<User | undefined> {
  const sessionKey = sessionQueryOptions().queryKey;
  await prefetchResourceQuery(queryClient, sessionQueryOptions(), api);
  if (queryClient.getQueryState(sessionKey)?.status === "error") {
    // The API could not be asked (in proxy mode: Graylog unreachable or too slow). The browser asks again itself
    // and shows the server-unavailable page with the real error (spec 000 §2.6) should it fail again.
    queryClient.removeQueries({ queryKey: sessionKey, exact: true });
    return undefined;
  }
  const session = queryClient.getQueryData<SessionValidation>(sessionKey);
  if (!session?.is_valid || !session.username) {
    queryClient.setQueryData<SessionValidation>(sessionKey, { is_valid: false, session_id: null, username: null });
    return undefined;
  }
  // The session id stays out of the page (the cookie is HttpOnly for a reason): the browser asks
  // GET /system/sessions itself should it ever need it.
  queryClient.setQueryData<SessionValidation>(sessionKey, { ...session, session_id: null });
  const userQuery = currentUserQueryOptions(session.username);
  await prefetchResourceQuery(queryClient, userQuery, api);
  return queryClient.getQueryData<User>(userQuery.queryKey);
}

function dehydratedState(queryClient: ReturnType<typeof createQueryClient>): unknown {
  try {
    return compactSearchJobs(dehydrate(queryClient));
  } catch (error) {
    console.error("The page's state could not be dehydrated; the browser will fetch it", error);
    return null;
  }
}

function acceptsGzip(acceptEncoding: string | null): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [coding, ...parameters] = part.trim().split(";");
    return coding.trim().toLowerCase() === "gzip" && !parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
  });
}
