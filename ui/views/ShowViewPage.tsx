import { Center, Loader } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Navigate, useLocation, useParams } from "react-router";
import { paths } from "../../shared/paths.ts";
import { failureMessage, FetchError } from "../api/fetch-error.ts";
import { ErrorPage } from "../errors/ErrorPage.tsx";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { viewQueryOptions } from "./view-queries.ts";

/** The error of a saved-view route without an id (spec 001 §2). */
export const NO_VIEW_ID = "No view id specified!";

/**
 * /views/{viewId} (spec 000 §2.2 'Views'): any saved view by its id, shown where its type lives: a search on
 * /search/{id}, a dashboard on /dashboards/{id} (the URL's parameters kept).
 */
export function ShowViewPage() {
  const { viewId } = useParams();
  const { search } = useLocation();
  const view = useQuery({ ...viewQueryOptions(viewId ?? ""), enabled: viewId !== undefined && viewId !== "" });
  if (!viewId) return <ErrorPage title="Something went wrong" description={NO_VIEW_ID} />;
  if (view.error instanceof FetchError && view.error.status === 404) return <NotFoundPage />;
  if (view.error) return <ErrorPage title="Something went wrong" description={failureMessage(view.error)} />;
  if (!view.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const target = view.data.type === "DASHBOARD" ? paths.dashboard.href({ viewId }) : paths.searchView.href({ viewId });
  return <Navigate to={`${target}${search}`} replace />;
}
