import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { sluiceColorSchemeManager } from "../theme/color-scheme-manager.ts";
import { theme } from "../theme/theme.ts";
import { type AssumedScreen, AssumedScreenContext } from "../widgets/assumed-screen.ts";

type JotaiStore = Parameters<typeof JotaiProvider>[0]["store"];

interface Props {
  queryClient: QueryClient;
  /** One jotai store per page load, and per request on the server. */
  store: JotaiStore;
  /** The colour scheme the server knows (the user's preference), used for the server render. */
  defaultColorScheme: "light" | "dark" | "auto";
  /** The screen the server drew the page for (ui/widgets/assumed-screen.ts); the browser hydrates with the same. */
  assumedScreen: AssumedScreen;
  children: ReactNode;
}

/** Theme, server state, client state and toasts, around the whole app on both server and browser. */
export function AppProviders({ queryClient, store, defaultColorScheme, assumedScreen, children }: Props) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={defaultColorScheme}
      colorSchemeManager={sluiceColorSchemeManager()}
      getRootElement={() => (typeof document === "undefined" ? undefined : document.documentElement)}
    >
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>
          <AssumedScreenContext value={assumedScreen}>{children}</AssumedScreenContext>
        </JotaiProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
