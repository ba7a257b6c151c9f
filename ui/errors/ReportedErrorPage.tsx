import type { ReportedError } from "../shell/reported-error.ts";
import { MissingPermissionsPage } from "./MissingPermissionsPage.tsx";
import { MissingStreamPermissionsPage } from "./MissingStreamPermissionsPage.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { UnknownErrorPage } from "./UnknownErrorPage.tsx";

const PAGES: { [K in ReportedError["kind"]]: (error: Extract<ReportedError, { kind: K }>) => React.ReactNode } = {
  "not-found": () => <NotFoundPage />,
  "missing-permissions": () => <MissingPermissionsPage />,
  "missing-stream-permissions": (error) => <MissingStreamPermissionsPage streams={error.streams} />,
  unknown: (error) => <UnknownErrorPage error={error.error} />,
};

/** The error page for a reported error, by kind. */
export function ReportedErrorPage({ error }: { error: ReportedError }) {
  const render = PAGES[error.kind] as (e: ReportedError) => React.ReactNode;
  return <>{render(error)}</>;
}
