import { Card, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { LoggerLevels } from "./LoggerLevels.tsx";
import { RecentLogLines } from "./RecentLogLines.tsx";
import { SubsystemLevels } from "./SubsystemLevels.tsx";
import { SupportBundleSection } from "./SupportBundleSection.tsx";
import { LOGGING_TEXTS } from "./logic/logging-texts.ts";

/** /system/logging: subsystem and logger levels set at runtime, the recent server log, the support bundles. */
export function LoggingPage() {
  const permissions = usePermissions();
  const mayEdit = permissions.isPermitted("loggers:edit");
  return (
    <PageLayout title="Logging" description={LOGGING_TEXTS.description}>
      <Stack gap="md">
        <SubsystemLevels mayEdit={mayEdit} />
        {permissions.isPermitted("supportbundle:read") && (
          <Section title="Support Bundle">
            <SupportBundleSection mayCreate={permissions.isPermitted("supportbundle:create")} />
          </Section>
        )}
        <Section title="Loggers">
          <LoggerLevels mayEdit={mayEdit} />
        </Section>
        <Section title="Recent log lines">
          <RecentLogLines />
        </Section>
      </Stack>
    </PageLayout>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid={`section-${title}`}>
      <Stack gap="sm">
        <Title order={2} size="h4">{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}
