import { Alert, Button, ColorInput, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { errorToastText } from "../../api/fetch-error.ts";
import { resourceQueryOptions } from "../../api/resource-query.ts";
import { toastSuccess } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { collectorsQueryOptions, createConfiguration, invalidateSidecars, updateConfiguration } from "./sidecar-queries.ts";
import { SidecarTabs } from "./SidecarTabs.tsx";

/** New and edit collector configuration: name, colour, collector, and the template (the collector's default to start from). */
export function ConfigurationFormPage() {
  const { configurationId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const collectors = useQuery(collectorsQueryOptions());
  const existing = useQuery({ ...resourceQueryOptions("/sidecar/configurations/{id}", { path: { id: configurationId ?? "" } }), enabled: configurationId !== undefined });
  const [form, setForm] = useState({ name: "", color: "#ffffff", collector_id: "", template: "" });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (existing.data) setForm({ name: existing.data.name, color: existing.data.color, collector_id: existing.data.collector_id, template: existing.data.template });
  }, [existing.data]);

  const chooseCollector = (id: string | null) => {
    const collector = collectors.data?.collectors.find((candidate) => candidate.id === id);
    setForm({ ...form, collector_id: id ?? "", template: form.template || (collector?.default_template ?? "") });
  };

  const save = async () => {
    setError(null);
    try {
      const body = { ...form, tags: [] };
      await (configurationId ? updateConfiguration(configurationId, body) : createConfiguration(body));
      await invalidateSidecars(queryClient);
      toastSuccess(`Configuration "${form.name}" saved`);
      navigate(paths.sidecarConfiguration.href());
    } catch (failure) {
      setError(errorToastText(failure));
    }
  };

  return (
    <PageLayout title={configurationId ? "Edit collector configuration" : "New collector configuration"} topActions={<SidecarTabs />}>
      <Stack gap="sm" maw={720}>
        <TextInput label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
        <ColorInput label="Color" value={form.color} onChange={(color) => setForm({ ...form, color })} format="hex" />
        <Select
          label="Collector"
          required
          data={(collectors.data?.collectors ?? []).map((collector) => ({ value: collector.id, label: `${collector.name} on ${collector.node_operating_system}` }))}
          value={form.collector_id || null}
          onChange={chooseCollector}
        />
        <Textarea label="Configuration" required autosize minRows={10} ff="monospace" value={form.template} onChange={(e) => setForm({ ...form, template: e.currentTarget.value })} />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group>
          <Button onClick={save}>{configurationId ? "Update configuration" : "Create"}</Button>
          <Button variant="default" onClick={() => navigate(paths.sidecarConfiguration.href())}>Cancel</Button>
        </Group>
      </Stack>
    </PageLayout>
  );
}
