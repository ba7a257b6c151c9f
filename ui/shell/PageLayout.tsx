import { Anchor, Box, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useDocumentTitle } from "./use-document-title.ts";

interface Props {
  title: string;
  description?: ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Buttons above the header (e.g. links to sibling pages). */
  topActions?: ReactNode;
  documentationLink?: { title: string; href: string };
  children?: ReactNode;
}

/** The generic page (spec 000 §2.5): header with title, description, actions; sets the browser title. */
export function PageLayout({ title, description, actions, topActions, documentationLink, children }: Props) {
  useDocumentTitle(title);
  return (
    <Box px="lg" py="md">
      <Stack gap="md">
        {topActions && <Group justify="flex-end">{topActions}</Group>}
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Title order={1} size="h2">{title}</Title>
            {description && <Text c="dimmed" size="sm">{description}</Text>}
            {documentationLink && (
              <Text size="sm">
                Read more in the <Anchor href={documentationLink.href} target="_blank" rel="noopener noreferrer">{documentationLink.title}</Anchor>.
              </Text>
            )}
          </Stack>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Box>
  );
}
