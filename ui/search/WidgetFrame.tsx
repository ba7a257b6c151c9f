import { Alert, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  title: string;
  /** Descriptions of the search-type errors of this widget (spec 001 §8). */
  errors?: readonly string[];
  /** Beside the title (e.g. the total). */
  actions?: ReactNode;
  children: ReactNode;
}

export const WIDGET_ERRORS_HEADING = "While retrieving data for this widget, the following error(s) occurred:";

/** A widget on the search page: title bar, and either its content or its data errors. */
export function WidgetFrame({ title, errors = [], actions, children }: Props) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">{title}</Title>
          {actions}
        </Group>
        {errors.length > 0
          ? (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm" fw={600}>{WIDGET_ERRORS_HEADING}</Text>
              <List size="sm" mt={4}>
                {errors.map((error) => <List.Item key={error}>{error}</List.Item>)}
              </List>
            </Alert>
          )
          : children}
      </Stack>
    </Paper>
  );
}
