import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { AuthenticationNavigation } from "./AuthenticationNavigation.tsx";
import { BACKEND_TYPE_DEFINITIONS, BACKEND_TYPE_IDS } from "./logic/backend-types.ts";

/** /system/authentication/services/create: which kind of directory the new service signs users in with. */
export function BackendCreatePage() {
  return (
    <PageLayout
      title="Create authentication service"
      description="Choose the kind of directory your users are kept in; the wizard then asks for its server, how users are found and, optionally, how their groups become teams."
      topActions={<AuthenticationNavigation />}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
        {BACKEND_TYPE_IDS.map((type) => {
          const definition = BACKEND_TYPE_DEFINITIONS[type];
          return (
            <Card key={type} withBorder padding="lg" role="group" aria-label={definition.title}>
              <Stack gap="sm">
                <Title order={2} size="h4">{definition.title}</Title>
                <Text size="sm" c="dimmed">{definition.description}</Text>
                <Group justify="flex-end">
                  <Button component={Link} to={paths.authenticationCreateBackend.href({ backendType: type })}>
                    Set up {definition.title}
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </PageLayout>
  );
}
