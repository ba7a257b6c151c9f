import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { pageConfig } from "../api/page-config.ts";
import { CurrentUserProvider } from "../session/current-user.tsx";
import { markLoggedIn } from "../session/login-gate.ts";
import { currentUserQueryOptions, sessionQueryOptions } from "../session/session-queries.ts";
import { LoadingPage } from "./LoadingPage.tsx";
import { RequestHooks } from "./RequestHooks.tsx";
import { ServerPinger } from "./ServerPinger.tsx";
import { serverAvailabilityAtom } from "./server-availability.ts";
import { ServerUnavailablePage } from "./ServerUnavailablePage.tsx";

const LoginPage = lazy(() => import("../login/LoginPage.tsx").then((module) => ({ default: module.LoginPage })));

/**
 * The application gate (spec 000 §2.1): server unavailable page, login screen, 'We are preparing … for you...'
 * while the current user loads, then the app.
 */
export function AppGate() {
  const { up, failure } = useAtomValue(serverAvailabilityAtom);
  return (
    <>
      <RequestHooks />
      <ServerPinger />
      {up ? <SessionGate /> : <ServerUnavailablePage failure={failure} />}
    </>
  );
}

function SessionGate() {
  const session = useQuery(sessionQueryOptions());
  if (session.isPending) return <LoadingPage text={preparingText()} />;
  if (session.isError || !session.data.is_valid || !session.data.username) {
    return (
      <Suspense fallback={<LoadingPage text="Loading…" />}>
        <LoginPage />
      </Suspense>
    );
  }
  return <UserGate username={session.data.username} />;
}

function UserGate({ username }: { username: string }) {
  if (typeof window !== "undefined") markLoggedIn();
  const user = useQuery(currentUserQueryOptions(username));
  if (!user.data) return <LoadingPage text={preparingText()} />;
  return (
    <CurrentUserProvider user={user.data}>
      <Outlet />
    </CurrentUserProvider>
  );
}

function preparingText(): string {
  return `We are preparing ${pageConfig().productName} for you...`;
}
