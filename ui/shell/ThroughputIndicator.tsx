import { Anchor, Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "../../shared/paths.ts";
import { pageConfig } from "../api/page-config.ts";
import { throughputQueryOptions } from "./shell-queries.ts";
import { useBrowserIdle } from "./use-browser-idle.ts";

const format = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Global input and output rates, polled every 2 s, linking to the nodes list (inert in cloud mode). */
export function ThroughputIndicator() {
  // The first rate is not worth a re-render in hydration's busiest moment: polling starts once the page is idle.
  const { data } = useQuery({ ...throughputQueryOptions(), enabled: useBrowserIdle() });
  const content = (
    <Group gap={4} wrap="nowrap" data-testid="throughput">
      <Text size="xs" c="dimmed" span>In</Text>
      <Text size="xs" fw={600} span data-testid="throughput-in">{data ? format.format(data.input) : "–"}</Text>
      <Text size="xs" c="dimmed" span>/ Out</Text>
      <Text size="xs" fw={600} span data-testid="throughput-out">{data ? format.format(data.output) : "–"}</Text>
      <Text size="xs" c="dimmed" span>msg/s</Text>
    </Group>
  );
  if (pageConfig().cloud) return content;
  return (
    <Anchor component={Link} to={paths.nodes.href()} underline="never" c="inherit" title="Throughput of all nodes">
      {content}
    </Anchor>
  );
}
