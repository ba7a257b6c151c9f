import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { RenderErrorPage } from "../errors/RenderErrorPage.tsx";

/** The error element of the page routes: 404 responses as 'Page not found', anything else as a render error. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RenderErrorPage error={error} />;
}
