import { Button, Menu } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconChevronDown } from "@tabler/icons-react";
import { Link } from "react-router";
import { SEARCHES_CLUSTER_CONFIG_DEFAULTS } from "../../../../api/schemas/cluster-config-defaults.ts";
import { paths } from "../../../../shared/paths.ts";
import { usePermissions } from "../../../session/current-user.tsx";
import { surroundingFilterQuery, surroundingOptions, surroundingSearchParams } from "../logic/surrounding-search.ts";
import { searchConfigQueryOptions } from "../../../view/search-support-queries.ts";

interface Props {
  timestamp: string;
  fields: Record<string, unknown>;
}

const DEFAULTS = SEARCHES_CLUSTER_CONFIG_DEFAULTS;

/**
 * 'Show surrounding messages' (spec 001 §2): one item per configured time window, each opening a new tab with
 * an absolute search around the message, filtered on its surrounding filter field values.
 */
export function SurroundingMessagesMenu({ timestamp, fields }: Props) {
  // Users without clusterconfigentry:read get the default windows instead of a 403 (as the search page does).
  const mayReadConfig = usePermissions().isPermitted("clusterconfigentry:read");
  const config = useQuery({ ...searchConfigQueryOptions(), enabled: mayReadConfig });
  const options = surroundingOptions(config.data?.surrounding_timerange_options ?? DEFAULTS.surrounding_timerange_options);
  const query = surroundingFilterQuery(fields, config.data?.surrounding_filter_fields ?? DEFAULTS.surrounding_filter_fields);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} />}>Show surrounding messages</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map((option) => (
          <Menu.Item
            key={option.duration}
            component={Link}
            to={`${paths.search.href()}?${surroundingSearchParams(timestamp, option.seconds, query)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
