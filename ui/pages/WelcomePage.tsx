import { Anchor, Group, List, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "../../shared/paths.ts";
import { pageConfig } from "../api/page-config.ts";
import { useCurrentUser } from "../session/current-user.tsx";
import { PageLayout } from "../shell/PageLayout.tsx";
import { favoritesQueryOptions } from "../session/favorites-queries.ts";
import { HelpBlock } from "./HelpBlock.tsx";

/** The welcome page: greeting, where to go next, the user's favorites, help. */
export function WelcomePage() {
  const user = useCurrentUser();
  const config = pageConfig();
  const { data: favorites } = useQuery(favoritesQueryOptions());
  return (
    <PageLayout title="Welcome">
      <Paper withBorder p="lg">
        <Title order={2} size="h3">Welcome to {config.productName}, {user.full_name}</Title>
        <Text c="dimmed">Data. Insights. Answers.</Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="xs">Get started</Title>
          <List size="sm" spacing={4}>
            <List.Item><Anchor component={Link} to={paths.search.href()}>Search your log messages</Anchor></List.Item>
            <List.Item><Anchor component={Link} to={paths.streams.href()}>Route messages into streams</Anchor></List.Item>
            <List.Item><Anchor component={Link} to={paths.dashboards.href()}>Build dashboards</Anchor></List.Item>
            <List.Item><Anchor component={Link} to={paths.alerts.href()}>Review alerts and events</Anchor></List.Item>
          </List>
        </Paper>
        <Paper withBorder p="md" data-testid="favorites">
          <Title order={3} size="h4" mb="xs">Favorite items</Title>
          {favorites && favorites.favorites.length > 0
            ? (
              <List size="sm" spacing={4}>
                {favorites.favorites.map((favorite) => (
                  <List.Item key={favorite.grn}>
                    <Group gap={6}><Text size="sm">{favorite.title}</Text><Text size="xs" c="dimmed">{favorite.type}</Text></Group>
                  </List.Item>
                ))}
              </List>
            )
            : <Text size="sm" c="dimmed">You do not have any favorite items yet.</Text>}
        </Paper>
        <HelpBlock />
      </SimpleGrid>
    </PageLayout>
  );
}
