import { Badge } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { CUSTOMIZATION_CONFIG_CLASS, type CustomizationConfig, headerBadge } from "../../shared/customization-config.ts";
import { resourceQueryOptions } from "../api/resource-query.ts";

/**
 * The header badge of the UI customization (System → Configurations), e.g. 'PROD', beside where the DEV badge sits.
 * Reading it needs clusterconfigentry:read, as in Graylog: the navigation renders this only for those who hold it.
 */
export function HeaderBadge() {
  const config = useQuery({
    ...resourceQueryOptions("/system/cluster_config/{configClass}", { path: { configClass: CUSTOMIZATION_CONFIG_CLASS } }),
    select: (document: Record<string, unknown>) => document as unknown as CustomizationConfig,
  });
  const badge = headerBadge(config.data);
  if (!badge) return null;
  return <Badge styles={{ root: { backgroundColor: badge.color } }} data-testid="header-badge">{badge.text}</Badge>;
}
