import { Navigate } from "react-router";
import type { Startpage } from "../../api/schemas/user.ts";
import { paths } from "../../shared/paths.ts";
import { useCurrentUser } from "../session/current-user.tsx";

const START_PAGE_HREFS: Record<Startpage["type"], (id: string) => string> = {
  dashboard: (id) => paths.dashboard.href({ viewId: id }),
  search: (id) => paths.searchView.href({ viewId: id }),
  stream: (id) => paths.streamSearch.href({ streamId: id }),
};

/** `/`: the user's start page when set, the welcome page otherwise. */
export function StartPage() {
  const { startpage } = useCurrentUser();
  const target = startpage ? START_PAGE_HREFS[startpage.type](startpage.id) : paths.welcome.href();
  return <Navigate to={target} replace />;
}
