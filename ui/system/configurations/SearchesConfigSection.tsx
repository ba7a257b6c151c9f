import { Switch, Textarea, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SEARCHES_CONFIG_CLASS } from "../../../shared/cluster-config-classes.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { ConfigurationSection } from "./ConfigurationSection.tsx";
import { ConfigurationSummary } from "./ConfigurationSummary.tsx";
import { clusterConfigQueryOptions, saveClusterConfig } from "./configuration-queries.ts";
import { fieldList, optionsToText, textToOptions } from "./logic/duration-options.ts";
import { describeDuration, isIsoDuration } from "./logic/durations.ts";

const LIMIT_OFF = "PT0S";

/** Search configuration: relative range presets, the query time range limit, surrounding search, auto refresh. */
export function SearchesConfigSection() {
  const config = useQuery(clusterConfigQueryOptions(SEARCHES_CONFIG_CLASS));
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("clusterconfigentry:edit");
  const [limited, setLimited] = useState(false);
  const [limit, setLimit] = useState("P30D");
  const [relative, setRelative] = useState("");
  const [surrounding, setSurrounding] = useState("");
  const [surroundingFields, setSurroundingFields] = useState("");
  const [disabledFields, setDisabledFields] = useState("");
  const [autoRefresh, setAutoRefresh] = useState("");
  const [defaultRefresh, setDefaultRefresh] = useState("PT5S");
  const data = config.data;
  const parsed = { relative: textToOptions(relative), surrounding: textToOptions(surrounding), autoRefresh: textToOptions(autoRefresh) };
  const error = (result: ReturnType<typeof textToOptions>) => ("error" in result ? result.error : undefined);
  const limitError = limited && (!isIsoDuration(limit) || limit === LIMIT_OFF) ? "Must be an ISO-8601 duration such as P30D" : undefined;
  const refreshError = "options" in parsed.autoRefresh && !(defaultRefresh in parsed.autoRefresh.options)
    ? "Must be one of the auto refresh options"
    : undefined;
  const list = (options: Record<string, string> | undefined) => (options ? Object.values(options).join(", ") : "—");
  return (
    <ConfigurationSection
      title="Search Configuration"
      summary={
        <ConfigurationSummary
          rows={[
            ["Query time range limit", data ? (data.query_time_range_limit === LIMIT_OFF ? "disabled" : describeDuration(data.query_time_range_limit)) : "—"],
            ["Relative time range options", list(data?.relative_timerange_options)],
            ["Surrounding time range options", list(data?.surrounding_timerange_options)],
            ["Surrounding search filter fields", data?.surrounding_filter_fields.join(", ") ?? "—"],
            ["Disabled analysis fields", data?.analysis_disabled_fields.join(", ") ?? "—"],
            ["Auto refresh options", list(data?.auto_refresh_timerange_options)],
            ["Default auto refresh", data ? describeDuration(data.default_auto_refresh_option) : "—"],
          ]}
        />
      }
      onEdit={() => {
        if (!data) return;
        setLimited(data.query_time_range_limit !== LIMIT_OFF);
        setLimit(data.query_time_range_limit === LIMIT_OFF ? "P30D" : data.query_time_range_limit);
        setRelative(optionsToText(data.relative_timerange_options));
        setSurrounding(optionsToText(data.surrounding_timerange_options));
        setSurroundingFields(data.surrounding_filter_fields.join(", "));
        setDisabledFields(data.analysis_disabled_fields.join(", "));
        setAutoRefresh(optionsToText(data.auto_refresh_timerange_options));
        setDefaultRefresh(data.default_auto_refresh_option);
      }}
      form={mayEdit && (
        <>
          <Switch label="Enable query limit" checked={limited} onChange={(event) => setLimited(event.currentTarget.checked)} />
          <TextInput label="Query time range limit (ISO-8601 duration)" value={limit} disabled={!limited} error={limitError} onChange={(e) => setLimit(e.currentTarget.value.trim())} />
          <Textarea label="Relative time range options" autosize minRows={3} value={relative} error={error(parsed.relative)} onChange={(e) => setRelative(e.currentTarget.value)} />
          <Textarea label="Surrounding time range options" autosize minRows={3} value={surrounding} error={error(parsed.surrounding)} onChange={(e) => setSurrounding(e.currentTarget.value)} />
          <TextInput label="Surrounding search filter fields (comma-separated)" value={surroundingFields} onChange={(e) => setSurroundingFields(e.currentTarget.value)} />
          <TextInput label="Disabled analysis fields (comma-separated)" value={disabledFields} onChange={(e) => setDisabledFields(e.currentTarget.value)} />
          <Textarea label="Auto refresh options" autosize minRows={3} value={autoRefresh} error={error(parsed.autoRefresh)} onChange={(e) => setAutoRefresh(e.currentTarget.value)} />
          <TextInput label="Default auto refresh option" value={defaultRefresh} error={refreshError} onChange={(e) => setDefaultRefresh(e.currentTarget.value.trim())} />
        </>
      )}
      onSave={async () => {
        if (!("options" in parsed.relative) || !("options" in parsed.surrounding) || !("options" in parsed.autoRefresh) || limitError || refreshError) return false;
        await saveClusterConfig(queryClient, SEARCHES_CONFIG_CLASS, {
          query_time_range_limit: limited ? limit : LIMIT_OFF,
          relative_timerange_options: parsed.relative.options,
          surrounding_timerange_options: parsed.surrounding.options,
          surrounding_filter_fields: fieldList(surroundingFields),
          analysis_disabled_fields: fieldList(disabledFields),
          auto_refresh_timerange_options: parsed.autoRefresh.options,
          default_auto_refresh_option: defaultRefresh,
        });
        return true;
      }}
    />
  );
}
