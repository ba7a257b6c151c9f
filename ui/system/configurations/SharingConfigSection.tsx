import { Switch } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { USER_AND_TEAMS_CONFIG_CLASS } from "../../../shared/cluster-config-classes.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { ConfigurationSection } from "./ConfigurationSection.tsx";
import { ConfigurationSummary } from "./ConfigurationSummary.tsx";
import { clusterConfigQueryOptions, saveClusterConfig } from "./configuration-queries.ts";

/** Whom entities may be shared with: Everyone, single users (Graylog's UserAndTeamsConfig). */
export function SharingConfigSection() {
  const config = useQuery(clusterConfigQueryOptions(USER_AND_TEAMS_CONFIG_CLASS));
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("clusterconfigentry:edit");
  const [everyone, setEveryone] = useState(true);
  const [users, setUsers] = useState(true);
  const yesNo = (value: boolean | undefined) => (value === undefined ? "—" : value ? "Enabled" : "Disabled");
  return (
    <ConfigurationSection
      title="Permissions Configuration"
      description="Whom entities may be shared with."
      summary={
        <ConfigurationSummary
          rows={[
            ["Share with everyone", yesNo(config.data?.allow_sharing_with_everyone)],
            ["Share with users", yesNo(config.data?.allow_sharing_with_users)],
          ]}
        />
      }
      onEdit={() => {
        setEveryone(config.data?.allow_sharing_with_everyone ?? true);
        setUsers(config.data?.allow_sharing_with_users ?? true);
      }}
      form={mayEdit && (
        <>
          <Switch label="Share with everyone" checked={everyone} onChange={(event) => setEveryone(event.currentTarget.checked)} />
          <Switch label="Share with users" checked={users} onChange={(event) => setUsers(event.currentTarget.checked)} />
        </>
      )}
      onSave={async () => {
        await saveClusterConfig(queryClient, USER_AND_TEAMS_CONFIG_CLASS, { allow_sharing_with_everyone: everyone, allow_sharing_with_users: users });
        return true;
      }}
    />
  );
}
