import { Alert, Button, Group, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { THREAT_INTEL_CONFIG_CLASS, THREAT_INTEL_DEFAULTS, type ThreatIntelConfig } from "../../../shared/threat-intel-config.ts";
import { apiCall } from "../../api/api-client.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import { toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { CONFIGURATION_UPDATED } from "./logic/configuration-texts.ts";

/** The three switches, in Graylog's order with its labels. */
const SWITCHES: readonly { key: keyof ThreatIntelConfig; label: string; description: string }[] = [
  { key: "tor_enabled", label: "Allow Tor exit node lookups?", description: "Enable to include Tor exit node lookup in global pipeline function." },
  { key: "spamhaus_enabled", label: "Allow Spamhaus DROP/EDROP lookups?", description: "Enable to include Spamhaus lookup in global pipeline function." },
  {
    key: "abusech_ransom_enabled",
    label: "Allow Abuse.ch Ransomware tracker lookups?",
    description: "Enable to include Abuse.ch Ransomware tracker lookup in global pipeline function. The tracker was shut down on 2019-12-08.",
  },
];

const threatIntelQueryOptions = () =>
  resourceQueryOptions("/system/cluster_config/{configClass}", { path: { configClass: THREAT_INTEL_CONFIG_CLASS } });

/**
 * System → Configurations: the threat-intelligence lookup configuration (the cluster config of Graylog's threat
 * intel plugin). Its three switches choose which sources `threat_intel_lookup_ip` and `threat_intel_lookup_domain`
 * consult; editing them needs clusterconfigentry:edit. One line of the configurations page's section registry places it.
 */
export function ThreatIntelConfigSection() {
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("clusterconfigentry:edit");
  const stored = useQuery(threatIntelQueryOptions());
  const [draft, setDraft] = useState<ThreatIntelConfig | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current: ThreatIntelConfig = { ...THREAT_INTEL_DEFAULTS, ...(stored.data as Partial<ThreatIntelConfig> | undefined), ...draft };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await apiCall("put", "/system/cluster_config/{configClass}", { params: { path: { configClass: THREAT_INTEL_CONFIG_CLASS } }, body: { ...current } });
      await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/cluster_config/{configClass}") });
      setDraft(null);
      toastSuccess(CONFIGURATION_UPDATED);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-label="Threat Intelligence Lookup Configuration">
      <Title order={2} size="h4">Threat Intelligence Lookup Configuration</Title>
      <Text size="sm" c="dimmed">
        The sources the pipeline functions threat_intel_lookup_ip and threat_intel_lookup_domain consult. Each needs its lookup table
        (tor-exit-node-list, spamhaus-drop, abuse-ch-ransomware-ip, abuse-ch-ransomware-domains) and its source on the internet.
      </Text>
      {stored.isError && <Alert color="red">{failureMessage(stored.error)}</Alert>}
      {SWITCHES.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={current[key]}
          disabled={!mayEdit || !stored.data}
          onChange={(event) => setDraft({ ...current, [key]: event.currentTarget.checked })}
        />
      ))}
      {failure && <Alert color="red">{failure}</Alert>}
      {mayEdit && (
        <Group>
          <Button onClick={() => void save()} loading={saving} disabled={draft === null}>Update configuration</Button>
          {draft !== null && <Button variant="default" onClick={() => setDraft(null)}>Cancel</Button>}
        </Group>
      )}
    </Stack>
  );
}
