import { ActionIcon, Alert, Button, Card, Group, Radio, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconX } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import {
  CONDITION_TYPES,
  CONVERTER_TYPES,
  type ConditionType,
  type ConverterType,
  type CreateExtractorRequest,
  EXTRACTOR_TYPES,
  type ExtractorSummary,
  type ExtractorType,
} from "../../../../api/schemas/extractors.ts";
import { failureMessage } from "../../../api/fetch-error.ts";
import { toastSuccess } from "../../../common/toast.ts";
import { PageLayout } from "../../../shell/PageLayout.tsx";
import { ConfigFields } from "./ConfigFields.tsx";
import {
  createExtractor,
  exampleMessageQueryOptions,
  extractorQueryOptions,
  invalidateExtractors,
  recentMessageQueryOptions,
  runTester,
  updateExtractor,
} from "./extractor-queries.ts";
import { configFrom, CONVERTER_KIND_VIEWS, defaultConfig, EXTRACTOR_KIND_VIEWS } from "./logic/extractor-kinds.ts";
import { type ExtractorScope, extractorsHref } from "./logic/extractor-list.ts";
import { EXTRACTOR_TRIES, type TryResult } from "./logic/extractor-try.ts";
import { TryResultView } from "./TryResultView.tsx";

type Config = Record<string, string | number | boolean>;

const CONDITION_LABELS: Record<ConditionType, string> = {
  none: "Always try to extract",
  string: "Only attempt extraction if field contains string",
  regex: "Only attempt extraction if field matches regular expression",
};

/** New extractor (`/new?extractor_type=&field=&example_index=&example_id=`) and edit (`/{extractorId}/edit`). */
export function ExtractorFormPage() {
  const { inputId = "", nodeId, extractorId } = useParams();
  const existing = useQuery({ ...extractorQueryOptions(inputId, extractorId ?? ""), enabled: extractorId !== undefined });
  if (extractorId !== undefined && !existing.data) {
    return (
      <PageLayout title="Edit extractor">
        {existing.error ? <Alert color="red">{existing.error.message}</Alert> : <Text c="dimmed">Loading…</Text>}
      </PageLayout>
    );
  }
  return <ExtractorForm scope={{ inputId, nodeId }} existing={existing.data ?? null} />;
}

function ExtractorForm({ scope, existing }: { scope: ExtractorScope; existing: ExtractorSummary | null }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requestedType = search.get("extractor_type") as ExtractorType | null;
  const [type, setType] = useState<ExtractorType>(existing?.type ?? (requestedType && EXTRACTOR_TYPES.includes(requestedType) ? requestedType : "regex"));
  const [sourceField, setSourceField] = useState(existing?.source_field ?? search.get("field") ?? "message");
  const [config, setConfig] = useState<Config>(() => configFrom(EXTRACTOR_KIND_VIEWS[type].config, existing?.extractor_config ?? {}));
  const [targetField, setTargetField] = useState(existing?.target_field ?? "");
  const [cursor, setCursor] = useState<"copy" | "cut">(existing?.cursor_strategy ?? "copy");
  const [conditionType, setConditionType] = useState<ConditionType>(existing?.condition_type ?? "none");
  const [conditionValue, setConditionValue] = useState(existing?.condition_value ?? "");
  const [title, setTitle] = useState(existing?.title ?? "");
  const [converters, setConverters] = useState<[ConverterType, Config][]>(
    () => (existing?.converters ?? []).map((converter) => [converter.type, configFrom(CONVERTER_KIND_VIEWS[converter.type].config, converter.config)]),
  );
  const [example, setExample] = useState("");
  const [tried, setTried] = useState<TryResult | null>(null);
  const [trying, setTrying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The example: the message named in the URL, else (editing) the input's newest message.
  const index = search.get("example_index");
  const messageId = search.get("example_id");
  const named = useQuery({ ...exampleMessageQueryOptions(index ?? "", messageId ?? ""), enabled: index !== null && messageId !== null });
  const recent = useQuery({ ...recentMessageQueryOptions(scope.inputId), enabled: index === null || messageId === null });
  const exampleMessage = named.data?.message ?? recent.data?.messages[0]?.message;
  const exampleValue = exampleMessage?.[sourceField];
  useEffect(() => {
    if (exampleValue !== undefined && example === "") setExample(String(exampleValue));
  }, [exampleValue]);

  const kind = EXTRACTOR_KIND_VIEWS[type];
  const tryOn = EXTRACTOR_TRIES[type];
  const changeType = (next: ExtractorType) => {
    setType(next);
    setConfig(defaultConfig(EXTRACTOR_KIND_VIEWS[next].config));
    setTried(null);
  };
  const tryIt = async () => {
    setError(null);
    if (!tryOn) {
      setTried({ kind: "value", value: example, start: 0, end: example.length });
      return;
    }
    setTrying(true);
    try {
      const call = tryOn(config, example);
      setTried(call.read(await runTester(call)));
    } catch (failure) {
      setTried(null);
      setError(failureMessage(failure));
    } finally {
      setTrying(false);
    }
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const request: CreateExtractorRequest = {
      title,
      cut_or_copy: cursor,
      source_field: sourceField,
      target_field: kind.storesOneField ? targetField : "",
      extractor_type: type,
      extractor_config: config,
      converters: Object.fromEntries(converters),
      condition_type: conditionType,
      condition_value: conditionType === "none" ? "" : conditionValue,
      order: existing?.order ?? 0,
    };
    try {
      if (existing) await updateExtractor(scope.inputId, existing.id, request);
      else await createExtractor(scope.inputId, request);
      toastSuccess(existing ? `Extractor "${title}" updated successfully` : `Extractor "${title}" created successfully`);
      await invalidateExtractors(queryClient);
      navigate(extractorsHref(scope));
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  const unusedConverters = CONVERTER_TYPES.filter((converter) => !converters.some(([used]) => used === converter));

  return (
    <PageLayout
      title={existing ? `Edit extractor ${existing.title}` : `New extractor: ${kind.label}`}
      description={kind.description}
      actions={<Button component={Link} to={extractorsHref(scope)} variant="default">Back to extractors</Button>}
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="md" maw={900}>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Title order={2} size="h4">Example message</Title>
              <Group grow align="flex-start">
                <Select label="Extractor type" data={EXTRACTOR_TYPES.map((value) => ({ value, label: EXTRACTOR_KIND_VIEWS[value].label }))}
                  value={type} onChange={(value) => value && changeType(value as ExtractorType)} allowDeselect={false} />
                <TextInput label="Source field" required value={sourceField} onChange={(event) => setSourceField(event.currentTarget.value)} />
              </Group>
              <Textarea label="Example" description="The value the extractor is tried on; loaded from a message received by this input."
                autosize minRows={2} value={example} onChange={(event) => setExample(event.currentTarget.value)} />
            </Stack>
          </Card>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Title order={2} size="h4">Extractor configuration</Title>
              <ConfigFields fields={kind.config} values={config} onChange={(name, value) => setConfig({ ...config, [name]: value })} />
              <Group>
                <Button variant="default" loading={trying} onClick={() => void tryIt()} disabled={example === ""}>Try</Button>
              </Group>
              {tried && <TryResultView result={tried} example={example} />}
              <Radio.Group label="Condition" value={conditionType} onChange={(value) => setConditionType(value as ConditionType)}>
                <Stack gap={4} mt={4}>
                  {CONDITION_TYPES.map((condition) => <Radio key={condition} value={condition} label={CONDITION_LABELS[condition]} />)}
                </Stack>
              </Radio.Group>
              {conditionType !== "none" && (
                <TextInput label={conditionType === "string" ? "Field contains string" : "Field matches regular expression"} required
                  value={conditionValue} onChange={(event) => setConditionValue(event.currentTarget.value)} />
              )}
              {kind.storesOneField && (
                <TextInput label="Store as field" description="The field the extracted value is written to." required
                  value={targetField} onChange={(event) => setTargetField(event.currentTarget.value)} />
              )}
              <Radio.Group label="Extraction strategy" value={cursor} onChange={(value) => setCursor(value as "copy" | "cut")}>
                <Group mt={4}>
                  <Radio value="copy" label="Copy" />
                  <Radio value="cut" label="Cut" />
                </Group>
              </Radio.Group>
              <TextInput label="Extractor title" required value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
            </Stack>
          </Card>
          {kind.storesOneField && (
            <Card withBorder padding="md">
              <Stack gap="sm">
                <Title order={2} size="h4">Converters</Title>
                <Text size="sm" c="dimmed">Converters turn the extracted value, in this order, before it is stored.</Text>
                {converters.map(([converter, values], at) => (
                  <Card key={converter} withBorder padding="sm" aria-label={`Converter ${CONVERTER_KIND_VIEWS[converter].label}`}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <Stack gap="xs" style={{ flex: 1 }}>
                        <Text fw={600} size="sm">{CONVERTER_KIND_VIEWS[converter].label}</Text>
                        <ConfigFields fields={CONVERTER_KIND_VIEWS[converter].config} values={values}
                          onChange={(name, value) => setConverters(converters.map((entry, i) => (i === at ? [entry[0], { ...entry[1], [name]: value }] : entry)))} />
                      </Stack>
                      <ActionIcon variant="subtle" aria-label={`Remove converter ${CONVERTER_KIND_VIEWS[converter].label}`}
                        onClick={() => setConverters(converters.filter((_, i) => i !== at))}><IconX size={16} /></ActionIcon>
                    </Group>
                  </Card>
                ))}
                <Select placeholder="Add converter" aria-label="Add converter" value={null}
                  data={unusedConverters.map((value) => ({ value, label: CONVERTER_KIND_VIEWS[value].label }))}
                  onChange={(value) => value && setConverters([...converters, [value as ConverterType, defaultConfig(CONVERTER_KIND_VIEWS[value as ConverterType].config)]])} />
              </Stack>
            </Card>
          )}
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Group>
            <Button type="submit" loading={saving}>{existing ? "Update extractor" : "Create extractor"}</Button>
            <Button component={Link} to={extractorsHref(scope)} variant="default">Cancel</Button>
          </Group>
        </Stack>
      </form>
    </PageLayout>
  );
}
