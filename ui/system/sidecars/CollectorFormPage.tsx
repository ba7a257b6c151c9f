import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { type CollectorBody, OPERATING_SYSTEMS, SERVICE_TYPES } from "../../../api/schemas/sidecars.ts";
import { paths } from "../../../shared/paths.ts";
import { errorToastText } from "../../api/fetch-error.ts";
import { resourceQueryOptions } from "../../api/resource-query.ts";
import { toastSuccess } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { createCollector, invalidateSidecars, updateCollector } from "./sidecar-queries.ts";
import { SidecarTabs } from "./SidecarTabs.tsx";

const EMPTY: CollectorBody = {
  name: "",
  service_type: "exec",
  node_operating_system: "linux",
  executable_path: "",
  execute_parameters: "",
  validation_parameters: "",
  default_template: "",
};

/** New and edit log collector: how a sidecar runs and validates it on one operating system, and its default template. */
export function CollectorFormPage() {
  const { collectorId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({ ...resourceQueryOptions("/sidecar/collectors/{id}", { path: { id: collectorId ?? "" } }), enabled: collectorId !== undefined });
  const [form, setForm] = useState<CollectorBody>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (existing.data) {
      const { id: _id, ...body } = existing.data;
      setForm(body);
    }
  }, [existing.data]);

  const save = async () => {
    setError(null);
    try {
      await (collectorId ? updateCollector(collectorId, form) : createCollector(form));
      await invalidateSidecars(queryClient);
      toastSuccess(`Collector "${form.name}" saved`);
      navigate(paths.sidecarConfiguration.href());
    } catch (failure) {
      setError(errorToastText(failure));
    }
  };

  const text = (key: "name" | "executable_path" | "execute_parameters" | "validation_parameters", label: string, required = false) => (
    <TextInput label={label} required={required} value={form[key] ?? ""} onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })} />
  );

  return (
    <PageLayout title={collectorId ? "Edit log collector" : "New log collector"} topActions={<SidecarTabs />}>
      <Stack gap="sm" maw={720}>
        {text("name", "Name", true)}
        <Select label="Process management" data={[...SERVICE_TYPES]} value={form.service_type} allowDeselect={false}
          onChange={(value) => setForm({ ...form, service_type: (value ?? "exec") as CollectorBody["service_type"] })} />
        <Select label="Operating System" data={[...OPERATING_SYSTEMS]} value={form.node_operating_system} allowDeselect={false}
          onChange={(value) => setForm({ ...form, node_operating_system: (value ?? "linux") as CollectorBody["node_operating_system"] })} />
        {text("executable_path", "Executable Path", true)}
        {text("execute_parameters", "Execute Parameters")}
        {text("validation_parameters", "Parameters for Configuration Validation")}
        <Textarea label="Default Template" autosize minRows={8} ff="monospace" value={form.default_template}
          onChange={(e) => setForm({ ...form, default_template: e.currentTarget.value })} />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group>
          <Button onClick={save}>{collectorId ? "Update collector" : "Create"}</Button>
          <Button variant="default" onClick={() => navigate(paths.sidecarConfiguration.href())}>Cancel</Button>
        </Group>
      </Stack>
    </PageLayout>
  );
}
