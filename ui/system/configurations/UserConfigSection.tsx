import { Switch, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { USER_CONFIGURATION_CLASS } from "../../../shared/cluster-config-classes.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { ConfigurationSection } from "./ConfigurationSection.tsx";
import { ConfigurationSummary } from "./ConfigurationSummary.tsx";
import { clusterConfigQueryOptions, saveClusterConfig } from "./configuration-queries.ts";
import { describeDuration, isSessionTimeout } from "./logic/durations.ts";

/** The global session timeout: when enabled, every session ends after this long without activity. */
export function UserConfigSection() {
  const config = useQuery(clusterConfigQueryOptions(USER_CONFIGURATION_CLASS));
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("clusterconfigentry:edit");
  const [enabled, setEnabled] = useState(false);
  const [interval, setInterval] = useState("PT1H");
  const invalid = !isSessionTimeout(interval);
  return (
    <ConfigurationSection
      title="User Configuration"
      summary={
        <ConfigurationSummary
          rows={[
            ["Global session timeout", config.data ? (config.data.enable_global_session_timeout ? "Enabled" : "Disabled") : "—"],
            ["Timeout interval", config.data ? describeDuration(config.data.global_session_timeout_interval) : "—"],
          ]}
        />
      }
      onEdit={() => {
        setEnabled(config.data?.enable_global_session_timeout ?? false);
        setInterval(config.data?.global_session_timeout_interval ?? "PT1H");
      }}
      form={mayEdit && (
        <>
          <Switch label="Enable global session timeout" checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
          <TextInput
            label="Global session timeout interval"
            description="An ISO-8601 duration between one minute and a year, e.g. PT1H (one hour) or P1D (one day)."
            value={interval}
            disabled={!enabled}
            error={invalid ? "Must be a duration between one minute and a year, e.g. PT1H" : undefined}
            onChange={(event) => setInterval(event.currentTarget.value.trim())}
          />
        </>
      )}
      onSave={async () => {
        if (invalid) return false;
        await saveClusterConfig(queryClient, USER_CONFIGURATION_CLASS, { enable_global_session_timeout: enabled, global_session_timeout_interval: interval });
        return true;
      }}
    />
  );
}
