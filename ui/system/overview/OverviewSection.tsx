import { Card, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  title: string;
  children: ReactNode;
}

/** One titled block of System → Overview. */
export function OverviewSection({ title, children }: Props) {
  return (
    <Card withBorder padding="md" data-testid={`section-${title}`}>
      <Stack gap="xs">
        <Title order={2} size="h4">{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}
