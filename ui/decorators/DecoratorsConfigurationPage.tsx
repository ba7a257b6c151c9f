import { Paper } from "@mantine/core";
import type { ReactNode } from "react";
import { PageLayout } from "../shell/PageLayout.tsx";
import { DecoratorsConfiguration } from "./DecoratorsConfiguration.tsx";

/**
 * System → Configurations with the sections built so far: the decorators, then what the route places after them
 * (the threat-intelligence lookup configuration). Other configuration sections (search, message processors, URL
 * allow-list…) join this page as they are built.
 */
export function DecoratorsConfigurationPage({ after }: { /** Further sections, each in its own box (composed by the route). */ after?: ReactNode }) {
  return (
    <PageLayout title="Configurations" description="Settings that apply to the whole cluster.">
      <Paper withBorder p="md">
        <DecoratorsConfiguration />
      </Paper>
      {after && <Paper withBorder p="md" mt="md">{after}</Paper>}
    </PageLayout>
  );
}
