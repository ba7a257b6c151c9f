import { Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { pageConfig } from "../api/page-config.ts";
import { jvmQueryOptions, systemInfoQueryOptions } from "./shell-queries.ts";

/** Product version, host name and runtime information (spec 000 §1). */
export function Footer() {
  const { data: system } = useQuery(systemInfoQueryOptions());
  const { data: jvm } = useQuery(jvmQueryOptions());
  const config = pageConfig();
  return (
    <Text component="footer" size="xs" c="dimmed" ta="center" py="md" data-testid="footer">
      {config.productName} {config.version}
      {system ? ` on ${system.hostname}` : ""}
      {jvm ? ` (${jvm.info})` : ""}
    </Text>
  );
}
