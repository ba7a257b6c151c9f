import { Button, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../shared/paths.ts";

interface Props {
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** The frame of every full-page error: title, explanation, a way back. */
export function ErrorPage({ title, description, children }: Props) {
  return (
    <Center py={60} px="md">
      <Paper withBorder p="xl" maw={720} w="100%">
        <Stack>
          <Title order={1} size="h2">{title}</Title>
          <Text>{description}</Text>
          {children}
          <Button component={Link} to={paths.root.href()} variant="light" w="fit-content">Go to the start page</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
