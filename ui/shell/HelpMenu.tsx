import { ActionIcon, Menu } from "@mantine/core";
import { IconApi, IconBook, IconHelp } from "@tabler/icons-react";
import { Link } from "react-router";
import { paths } from "../../shared/paths.ts";

/** Documentation link (Sluice follows Graylog 5.1's documentation) and the API browser. */
export const DOCUMENTATION_URL = "https://go2docs.graylog.org/5-1/home.htm";

export function HelpMenu() {
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Help" title="Help">
          <IconHelp size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={DOCUMENTATION_URL} target="_blank" rel="noopener noreferrer" leftSection={<IconBook size={16} />}>
          Documentation
        </Menu.Item>
        <Menu.Item component={Link} to={paths.apiBrowser.href()} leftSection={<IconApi size={16} />}>
          API browser
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
