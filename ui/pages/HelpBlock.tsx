import { Anchor, List, Paper, Text, Title } from "@mantine/core";
import { DOCUMENTATION_URL } from "../shell/HelpMenu.tsx";

/** 'Need help?' with documentation, community, issue tracker and professional support (spec 000 §2.5). */
export function HelpBlock() {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">Need help?</Title>
      <Text size="sm" mb="xs">Do not hesitate to consult the community or the documentation.</Text>
      <List size="sm" spacing={4}>
        <List.Item><Anchor href={DOCUMENTATION_URL} target="_blank" rel="noopener noreferrer">Documentation</Anchor></List.Item>
        <List.Item><Anchor href="https://community.graylog.org/" target="_blank" rel="noopener noreferrer">Community support</Anchor></List.Item>
        <List.Item><Anchor href="https://github.com/Graylog2/graylog2-server/issues" target="_blank" rel="noopener noreferrer">Issue tracker</Anchor></List.Item>
        <List.Item><Anchor href="https://www.graylog.org/professional-support" target="_blank" rel="noopener noreferrer">Professional support</Anchor></List.Item>
      </List>
    </Paper>
  );
}
