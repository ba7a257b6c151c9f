import { Button, Group } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { SIDECAR_TABS } from "./logic/sidecar-texts.ts";

/** The links between the sidecar pages, the current one highlighted. */
export function SidecarTabs() {
  const { pathname } = useLocation();
  return (
    <Group gap="xs">
      {SIDECAR_TABS.map((tab) => (
        <Button key={tab.title} size="xs" component={Link} to={tab.href()} variant={pathname.endsWith(tab.href()) ? "filled" : "default"}>
          {tab.title}
        </Button>
      ))}
    </Group>
  );
}
