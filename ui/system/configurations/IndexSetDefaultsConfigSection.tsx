import { NumberInput, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { IndexSetDefaults } from "../../../api/schemas/index-sets.ts";
import { INDEX_SET_DEFAULTS_CONFIG_CLASS } from "../../../shared/cluster-config-classes.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey } from "../../api/resource-query.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { ConfigurationSection } from "./ConfigurationSection.tsx";
import { ConfigurationSummary } from "./ConfigurationSummary.tsx";
import { clusterConfigQueryOptions } from "./configuration-queries.ts";

/** What a new index set starts with (its rotation and retention are chosen on the index set's own form). */
export function IndexSetDefaultsConfigSection() {
  const config = useQuery(clusterConfigQueryOptions(INDEX_SET_DEFAULTS_CONFIG_CLASS));
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("clusterconfigentry:edit");
  const [draft, setDraft] = useState<IndexSetDefaults | null>(null);
  const data = config.data;
  const set = (change: Partial<IndexSetDefaults>) => setDraft((current) => (current ? { ...current, ...change } : current));
  return (
    <ConfigurationSection
      title="Index Set Defaults"
      description="Defaults for newly created index sets."
      summary={
        <ConfigurationSummary
          rows={[
            ["Index analyzer", data?.index_analyzer ?? "—"],
            ["Shards", data?.shards ?? "—"],
            ["Replicas", data?.replicas ?? "—"],
            ["Max. number of segments", data?.index_optimization_max_num_segments ?? "—"],
            ["Field type refresh interval", data ? `${data.field_type_refresh_interval} ${data.field_type_refresh_interval_unit.toLowerCase()}` : "—"],
            ["Rotation strategy", data?.rotation_strategy_class.split(".").pop() ?? "—"],
            ["Retention strategy", data?.retention_strategy_class.split(".").pop() ?? "—"],
          ]}
        />
      }
      onEdit={() => setDraft(data ?? null)}
      form={mayEdit && draft && (
        <>
          <TextInput label="Index analyzer" value={draft.index_analyzer} onChange={(e) => set({ index_analyzer: e.currentTarget.value })} />
          <NumberInput label="Shards" min={1} value={draft.shards} onChange={(value) => set({ shards: Number(value) })} />
          <NumberInput label="Replicas" min={0} value={draft.replicas} onChange={(value) => set({ replicas: Number(value) })} />
          <NumberInput
            label="Max. number of segments"
            min={1}
            value={draft.index_optimization_max_num_segments}
            onChange={(value) => set({ index_optimization_max_num_segments: Number(value) })}
          />
          <NumberInput
            label="Field type refresh interval (milliseconds)"
            min={1000}
            value={draft.field_type_refresh_interval}
            onChange={(value) => set({ field_type_refresh_interval: Number(value), field_type_refresh_interval_unit: "MILLISECONDS" })}
          />
        </>
      )}
      onSave={async () => {
        if (!draft) return false;
        await apiCall("put", "/system/indices/index_set_defaults", { body: draft });
        await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/cluster_config/{configClass}") });
        return true;
      }}
    />
  );
}
