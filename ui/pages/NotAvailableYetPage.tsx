import { Alert, Text } from "@mantine/core";
import { IconHourglass } from "@tabler/icons-react";
import { PageLayout } from "../shell/PageLayout.tsx";

interface Props {
  title: string;
}

/** A page whose feature is not built yet: the right title and an explicit notice, never a fake page. */
export function NotAvailableYetPage({ title }: Props) {
  return (
    <PageLayout title={title}>
      <Alert icon={<IconHourglass size={18} />} title="Not available yet" color="gray" data-testid="not-available-yet">
        <Text size="sm">
          This page is part of Sluice but is not available yet in this version. The README lists which pages work today.
        </Text>
      </Alert>
    </PageLayout>
  );
}
