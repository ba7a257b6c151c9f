import { Paper } from "@mantine/core";
import { PageLayout } from "../shell/PageLayout.tsx";
import { DecoratorsConfiguration } from "./DecoratorsConfiguration.tsx";

/**
 * System → Configurations with the sections built so far: today only the decorators. Other configuration
 * sections (search, message processors, URL allow-list…) join this page as they are built.
 */
export function DecoratorsConfigurationPage() {
  return (
    <PageLayout title="Configurations" description="Settings that apply to the whole cluster.">
      <Paper withBorder p="md">
        <DecoratorsConfiguration />
      </Paper>
    </PageLayout>
  );
}
