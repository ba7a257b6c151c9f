import { Box } from "@mantine/core";
import { pageConfig } from "../api/page-config.ts";
import { PageLayout } from "../shell/PageLayout.tsx";

/** The global API browser: Swagger UI over /api/openapi.json, served locally in a frame (no CDN). */
export function ApiBrowserPage() {
  return (
    <PageLayout title="API Browser" description="Every call of the Sluice API, with its schemas; try them out with your session.">
      <Box
        component="iframe"
        src={`${pageConfig().prefix}/api-browser/frame`}
        title="API browser"
        style={{ width: "100%", height: "calc(100vh - 200px)", border: "1px solid var(--mantine-color-default-border)", borderRadius: 4 }}
      />
    </PageLayout>
  );
}
