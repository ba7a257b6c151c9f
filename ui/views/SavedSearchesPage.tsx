import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../shared/paths.ts";
import { PageLayout } from "../shell/PageLayout.tsx";
import { SavedSearchesList } from "./SavedSearchesList.tsx";

/**
 * /views (spec 000 §2.2 'Views'): the saved searches as a page of its own, the list the search page's Load dialog
 * shows; a title opens the search.
 */
export function SavedSearchesPage() {
  const navigate = useNavigate();
  return (
    <PageLayout
      title="Saved searches"
      description="Searches saved with their query, time range, streams and widgets. Open one to run it again."
      actions={<Button component={Link} to={paths.searchNew.href()} leftSection={<IconPlus size={16} />}>New search</Button>}
    >
      <SavedSearchesList enabled onLoad={(view) => navigate(paths.searchView.href({ viewId: view.id }))} />
    </PageLayout>
  );
}
