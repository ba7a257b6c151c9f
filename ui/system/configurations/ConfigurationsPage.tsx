import { Paper, SimpleGrid } from "@mantine/core";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { CONFIGURATION_SECTIONS } from "./configuration-sections.tsx";

/** System → Configurations: every cluster-wide setting the user may read, one section each. */
export function ConfigurationsPage() {
  const permissions = usePermissions();
  const sections = CONFIGURATION_SECTIONS.filter((section) => permissions.isPermitted(section.permission));
  return (
    <PageLayout title="Configurations" description="Settings that apply to the whole cluster.">
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {sections.map(({ id, component: Section }) => (
          <Paper key={id} id={id}>
            <Section />
          </Paper>
        ))}
      </SimpleGrid>
    </PageLayout>
  );
}
