import { Alert, Button, Checkbox, Group, MultiSelect, Select, SimpleGrid, Stack, Stepper, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { CONTENT_PACK_ENTITY_TYPES, type ContentPackEntity, type EntityExcerpt, VALUE_TYPES, type ValueType } from "../../../api/schemas/content-packs.ts";
import { paths } from "../../../shared/paths.ts";
import { errorToastText } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { catalogQueryOptions, contentPackRevisionsQueryOptions, invalidateContentPacks, resolveEntities, saveContentPack } from "./content-pack-queries.ts";
import { createdText, ENTITY_TYPE_TITLES } from "./logic/content-pack-texts.ts";
import { buildContentPack, missingDetail, type PackDetails, type ParameterDraft, parameterTargets } from "./logic/pack-builder.ts";

const EMPTY_DETAILS: PackDetails = { name: "", summary: "", description: "", vendor: "", url: "" };

/**
 * The content pack wizard: details, the entities from the catalog (their dependencies come along), parameters
 * that stand for values of those entities, then a preview and Create. On `/{id}/{rev}/edit` it makes the next revision.
 */
export function ContentPackCreatePage() {
  const { contentPackId, revision } = useParams();
  const editing = contentPackId !== undefined && revision !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const catalog = useQuery(catalogQueryOptions());
  const previous = useQuery({ ...contentPackRevisionsQueryOptions(contentPackId ?? ""), enabled: editing });
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState<PackDetails>(EMPTY_DETAILS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState("");
  const [entities, setEntities] = useState<ContentPackEntity[]>([]);
  const [parameters, setParameters] = useState<ParameterDraft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = editing ? previous.data?.content_pack_revisions[revision] : undefined;

  useEffect(() => {
    if (!base) return;
    setDetails({ name: base.name, summary: base.summary, description: base.description, vendor: base.vendor, url: base.url });
    setSelected(new Set(base.entities.map((entity) => `${entity.type.name}:${entity.id}`)));
  }, [base]);

  const excerpts = catalog.data?.entities ?? [];
  const titles = useMemo(() => new Map(excerpts.map((excerpt) => [excerpt.id, excerpt.title])), [excerpts]);
  const targets = useMemo(() => parameterTargets(entities, (entity) => titles.get(entity.id) ?? entity.id), [entities, titles]);
  const keyOf = (excerpt: EntityExcerpt) => `${excerpt.type.name}:${excerpt.id}`;

  const toEntities = async () => {
    const missing = missingDetail(details);
    if (missing) return setError(missing);
    if (selected.size === 0) return setError("Select at least one entity.");
    setBusy(true);
    setError(null);
    try {
      const chosen = excerpts.filter((excerpt) => selected.has(keyOf(excerpt))).map(({ id, type }) => ({ id, type }));
      setEntities((await resolveEntities(chosen)).entities);
      setStep(2);
    } catch (failure) {
      setError(errorToastText(failure));
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const pack = buildContentPack(details, entities, parameters, base ? { id: base.id, rev: Math.max(...Object.keys(previous.data?.content_pack_revisions ?? {}).map(Number)) } : null, () => crypto.randomUUID());
      await saveContentPack(pack);
      await invalidateContentPacks(queryClient);
      toastSuccess(createdText(pack.name));
      navigate(paths.contentPacks.href());
    } catch (failure) {
      setError(errorToastText(failure));
    } finally {
      setBusy(false);
    }
  };

  const setParameter = (index: number, change: Partial<ParameterDraft>) =>
    setParameters(parameters.map((parameter, i) => (i === index ? { ...parameter, ...change } : parameter)));

  return (
    <PageLayout title={editing ? "Edit content pack" : "Create content pack"} description="Select the entities this content pack holds, and which of their values the installer chooses.">
      <Stepper active={step} onStepClick={(next) => next < step && setStep(next)}>
        <Stepper.Step label="Content Selection" />
        <Stepper.Step label="Entities" />
        <Stepper.Step label="Parameters" />
        <Stepper.Step label="Preview" />
      </Stepper>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {step === 0 && (
        <Stack gap="sm" maw={640}>
          <TextInput label="Name" required value={details.name} onChange={(e) => setDetails({ ...details, name: e.currentTarget.value })} />
          <TextInput label="Summary" required value={details.summary} onChange={(e) => setDetails({ ...details, summary: e.currentTarget.value })} />
          <Textarea label="Description" value={details.description} onChange={(e) => setDetails({ ...details, description: e.currentTarget.value })} />
          <TextInput label="Vendor" required value={details.vendor} onChange={(e) => setDetails({ ...details, vendor: e.currentTarget.value })} />
          <TextInput label="URL" value={details.url} onChange={(e) => setDetails({ ...details, url: e.currentTarget.value })} />
          <Group><Button onClick={() => (missingDetail(details) ? setError(missingDetail(details)) : (setError(null), setStep(1)))}>Next</Button></Group>
        </Stack>
      )}
      {step === 1 && (
        <Stack gap="sm">
          <TextInput label="Filter" placeholder="Enter search query..." value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maw={400} />
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {CONTENT_PACK_ENTITY_TYPES.map((type) => {
              const ofType = excerpts.filter((excerpt) => excerpt.type.name === type && excerpt.title.toLowerCase().includes(filter.toLowerCase()));
              if (ofType.length === 0) return null;
              return (
                <Stack key={type} gap={4}>
                  <Title order={3} size="h5">{ENTITY_TYPE_TITLES[type]}</Title>
                  {ofType.map((excerpt) => (
                    <Checkbox
                      key={excerpt.id}
                      label={excerpt.title}
                      checked={selected.has(keyOf(excerpt))}
                      onChange={(e) => {
                        const next = new Set(selected);
                        if (e.currentTarget.checked) next.add(keyOf(excerpt));
                        else next.delete(keyOf(excerpt));
                        setSelected(next);
                      }}
                    />
                  ))}
                </Stack>
              );
            })}
          </SimpleGrid>
          <Group>
            <Button variant="default" onClick={() => setStep(0)}>Previous</Button>
            <Button onClick={toEntities} loading={busy}>Next</Button>
          </Group>
        </Stack>
      )}
      {step === 2 && (
        <Stack gap="sm">
          {parameters.length === 0 && <Text c="dimmed" size="sm">No parameters: the entities install as they are.</Text>}
          {parameters.map((parameter, index) => (
            <Group key={index} align="flex-end" wrap="wrap">
              <TextInput label="Name" value={parameter.name} onChange={(e) => setParameter(index, { name: e.currentTarget.value })} w={160} />
              <TextInput label="Title" value={parameter.title} onChange={(e) => setParameter(index, { title: e.currentTarget.value })} w={180} />
              <Select label="Value type" data={[...VALUE_TYPES]} value={parameter.type} onChange={(value) => setParameter(index, { type: (value ?? "string") as ValueType })} allowDeselect={false} w={120} />
              <TextInput label="Default value" value={parameter.defaultValue} onChange={(e) => setParameter(index, { defaultValue: e.currentTarget.value })} w={200} />
              <MultiSelect label="Used for" data={targets.map((target) => ({ value: target.key, label: target.label }))} value={parameter.targets} onChange={(value) => setParameter(index, { targets: value })} searchable w={360} />
              <Button variant="subtle" color="red" onClick={() => setParameters(parameters.filter((_, i) => i !== index))}>Remove</Button>
            </Group>
          ))}
          <Group>
            <Button variant="default" onClick={() => setStep(1)}>Previous</Button>
            <Button variant="default" onClick={() => setParameters([...parameters, { name: "", title: "", type: "string", defaultValue: "", targets: [] }])}>Create parameter</Button>
            <Button onClick={() => setStep(3)}>Next</Button>
          </Group>
        </Stack>
      )}
      {step === 3 && (
        <Stack gap="xs">
          <Text><b>Name:</b> {details.name}</Text>
          <Text><b>Summary:</b> {details.summary}</Text>
          <Text><b>Vendor:</b> {details.vendor}</Text>
          <Text><b>Entities:</b> {entities.map((entity) => `${ENTITY_TYPE_TITLES[entity.type.name]}: ${titles.get(entity.id) ?? entity.id}`).join(", ")}</Text>
          <Text><b>Parameters:</b> {parameters.map((parameter) => parameter.name).join(", ") || "none"}</Text>
          <Group>
            <Button variant="default" onClick={() => setStep(2)}>Previous</Button>
            <Button onClick={create} loading={busy}>{editing ? "Save new revision" : "Create"}</Button>
          </Group>
        </Stack>
      )}
    </PageLayout>
  );
}
