import { PageLayout } from "../../shell/PageLayout.tsx";
import { OUTPUTS_PAGE_DESCRIPTION, OUTPUTS_PAGE_TITLE } from "./logic/output-list.ts";
import { OutputsManager } from "./OutputsManager.tsx";

/** System → Outputs: every output, launched, edited and terminated through its type's configuration form. */
export function OutputsPage() {
  return (
    <PageLayout title={OUTPUTS_PAGE_TITLE} description={OUTPUTS_PAGE_DESCRIPTION}>
      <OutputsManager streamId={null} />
    </PageLayout>
  );
}
