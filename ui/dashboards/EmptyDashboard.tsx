import { Anchor, Button, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";

export const EMPTY_DASHBOARD_TITLE = "This dashboard has no widgets yet";

/** An empty dashboard page (spec 001 §2): the title, tips, a documentation link and 'Create a new widget here'. */
export function EmptyDashboard({ onCreate }: { onCreate?: () => void }) {
  return (
    <Paper withBorder p="xl" data-testid="empty-dashboard">
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">{EMPTY_DASHBOARD_TITLE}</Title>
        <Text size="sm">This is a new dashboard. Here are some tips to get started:</Text>
        <List size="sm">
          <List.Item>Create a widget with the button below, then choose its type: an aggregation, a message count or a message table.</List.Item>
          <List.Item>Change the query and time range of this page in the query bar; every widget of the page follows it.</List.Item>
          <List.Item>Add more pages with the plus button beside the page tabs, and save the dashboard when you are done.</List.Item>
        </List>
        <Text size="sm">
          Read more in the{" "}
          <Anchor href="https://go2docs.graylog.org/5-1/interacting_with_your_log_data/dashboards.html" target="_blank" rel="noreferrer">
            dashboards documentation
          </Anchor>.
        </Text>
        {onCreate && (
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={onCreate}>Create a new widget here</Button>
        )}
      </Stack>
    </Paper>
  );
}
