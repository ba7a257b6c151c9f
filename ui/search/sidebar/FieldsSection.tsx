import {
  ActionIcon,
  Box,
  Group,
  Loader,
  Menu,
  Progress,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  IconAbc,
  IconCalendar,
  IconChevronDown,
  IconMapPin,
  IconMinus,
  IconNetwork,
  IconNumber123,
  IconQuestionMark,
  IconToggleLeft,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { useMemo, useState } from "react";
import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";
import { addTermToQuery, escapeFieldName, fieldTerm } from "../logic/query-terms.ts";
import type { TimeRangeState } from "../logic/url-state.ts";
import { topValuesQueryOptions } from "../search-queries.ts";
import {
  FIELD_GROUP_LABELS,
  FIELD_GROUPS,
  type FieldGroup,
  type FieldKind,
  formatPercent,
  NO_FIELD_INFO_TEXT,
  NO_FIELDS_TEXT,
  type SidebarField,
  topValues,
  visibleFields,
} from "./field-list.ts";

interface Props {
  fieldTypes: readonly FieldTypeMapping[] | undefined;
  loading: boolean;
  currentFieldNames: ReadonlySet<string>;
  /** Total of the current result, for the top values' percentages. */
  total: number;
  tableFields: readonly string[];
  onToggleTableField: (field: string) => void;
  /** 'Show top values' and 'Statistics' create widgets for the field (spec 001 §9). */
  onShowTopValues: (field: string) => void;
  onShowStatistics: (field: string) => void;
  /** The submitted query: a clicked value is added to it and searched. */
  query: string;
  onQueryChange: (query: string) => void;
  streams: readonly string[];
  timerange: TimeRangeState;
  timezone: string;
  /** Bumps with each search run, so top values follow the results. */
  run: number;
}

/** The sidebar's Fields section (spec 001 §2): filter, field set, type icons, field actions, inline top values. */
export function FieldsSection(props: Props) {
  const [filter, setFilter] = useState("");
  const [group, setGroup] = useState<FieldGroup>("current");
  const [expanded, setExpanded] = useState<string | null>(null);
  const fields = useMemo(
    () =>
      visibleFields(props.fieldTypes ?? [], { group, filter, currentFieldNames: props.currentFieldNames }),
    [props.fieldTypes, group, filter, props.currentFieldNames],
  );
  const noInfo = !props.loading && (props.fieldTypes ?? []).length === 0 &&
    props.currentFieldNames.size === 0;
  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        placeholder="Filter fields"
        aria-label="Filter fields"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      <Radio.Group value={group} onChange={(value) => setGroup(value as FieldGroup)} aria-label="Field set">
        <Group gap="xs" style={{ rowGap: 4 }}>
          {FIELD_GROUPS.map((value) => (
            <Radio key={value} size="xs" value={value} label={FIELD_GROUP_LABELS[value]} />
          ))}
        </Group>
      </Radio.Group>
      {props.loading && <Loader size="xs" />}
      {noInfo && <Text size="sm" c="dimmed">{NO_FIELD_INFO_TEXT}</Text>}
      {!noInfo && !props.loading && fields.length === 0 && <Text size="sm" c="dimmed">{NO_FIELDS_TEXT}</Text>}
      <ScrollArea.Autosize
        mah="calc(100vh - 300px)"
        type="auto"
        scrollbars="y"
        offsetScrollbars
        styles={{ content: { display: "block", minWidth: 0 } }}
      >
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          data-testid="sidebar-field-list"
        >
          {fields.map((field) => (
            <Box component="li" key={field.name} data-testid="sidebar-field" data-field={field.name}>
              <FieldRow
                field={field}
                inTable={props.tableFields.includes(field.name)}
                topValuesOpen={expanded === field.name}
                onToggleTopValues={() =>
                  setExpanded((current) => (current === field.name ? null : field.name))}
                onToggleTableField={() =>
                  props.onToggleTableField(field.name)}
                onShowTopValues={() => props.onShowTopValues(field.name)}
                onShowStatistics={() => props.onShowStatistics(field.name)}
                onAddToQuery={(exclude) =>
                  props.onQueryChange(addTermToQuery(props.query, `${exclude ? "NOT " : ""}_exists_:${escapeFieldName(field.name)}`))}
              />
              {expanded === field.name && <TopValues field={field.name} {...props} />}
            </Box>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

interface FieldRowProps {
  field: SidebarField;
  inTable: boolean;
  topValuesOpen: boolean;
  onToggleTopValues: () => void;
  onToggleTableField: () => void;
  onShowTopValues: () => void;
  onShowStatistics: () => void;
  /** Adds `_exists_:field` to the query, or excludes messages having the field. */
  onAddToQuery: (exclude: boolean) => void;
}

function FieldRow(props: FieldRowProps) {
  const { field, inTable, topValuesOpen, onToggleTopValues, onToggleTableField } = props;
  const Icon = KIND_ICONS[field.kind];
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton
          w="100%"
          py={2}
          px={4}
          aria-label={`Field ${field.name}`}
          style={{ borderRadius: 4 }}
          className="sluice-field-row"
        >
          <Group gap={6} wrap="nowrap">
            <Tooltip label={field.type} position="left" openDelay={400}>
              <Box c="dimmed" style={{ display: "flex" }} aria-label={`type ${field.type}`}>
                <Icon size={14} />
              </Box>
            </Tooltip>
            <Text size="sm" truncate style={{ flex: 1 }} fw={inTable ? 600 : undefined}>{field.name}</Text>
            <IconChevronDown size={12} opacity={0.5} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{field.name} = {field.type}</Menu.Label>
        <Menu.Item onClick={props.onShowTopValues}>Show top values</Menu.Item>
        <Menu.Item onClick={props.onShowStatistics}>Statistics</Menu.Item>
        <Menu.Item onClick={onToggleTopValues}>
          {topValuesOpen ? "Hide inline top values" : "Inline top values"}
        </Menu.Item>
        <Menu.Item onClick={onToggleTableField}>{inTable ? "Remove from table" : "Add to table"}</Menu.Item>
        <Menu.Item onClick={() => props.onAddToQuery(false)}>Add to query</Menu.Item>
        <Menu.Item onClick={() => props.onAddToQuery(true)}>Exclude from results</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function TopValues(
  { field, total, query, onQueryChange, streams, timerange, timezone, run }: Props & { field: string },
) {
  const suggest = useQuery(topValuesQueryOptions(field, query, streams, timerange, timezone, run));
  const values = useMemo(() => topValues(suggest.data?.suggestions ?? [], total), [suggest.data, total]);
  const apply = (value: string, exclude: boolean) =>
    onQueryChange(addTermToQuery(query, fieldTerm(field, value, exclude)));
  return (
    <Box pl="md" pr={4} pb="xs" data-testid="top-values" aria-label={`Top values of ${field}`} role="group">
      {suggest.isLoading && <Loader size="xs" />}
      {suggest.isError && <Text size="xs" c="red">Could not load the top values.</Text>}
      {suggest.data && values.length === 0 && (
        <Text size="xs" c="dimmed">No values in the current results.</Text>
      )}
      {values.map((entry) => (
        <Box key={entry.value} py={2}>
          <Group gap={4} wrap="nowrap" justify="space-between">
            <Tooltip label={`Add ${field}:"${entry.value}" to the query`} openDelay={400}>
              <UnstyledButton
                onClick={() => apply(entry.value, false)}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="top-value"
              >
                <Text size="xs" truncate ff="monospace">{entry.value === "" ? "(empty)" : entry.value}</Text>
              </UnstyledButton>
            </Tooltip>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }} data-testid="top-value-count">
              {entry.count} · {formatPercent(entry.percent)}
            </Text>
            <ActionIcon
              size="xs"
              variant="subtle"
              color="gray"
              aria-label={`Exclude ${entry.value} from results`}
              onClick={() =>
                apply(entry.value, true)}
            >
              <IconMinus size={12} />
            </ActionIcon>
          </Group>
          <Progress value={Math.min(entry.percent, 100)} size={3} />
        </Box>
      ))}
    </Box>
  );
}

const KIND_ICONS: Record<FieldKind, ComponentType<{ size?: number }>> = {
  string: IconAbc,
  number: IconNumber123,
  date: IconCalendar,
  boolean: IconToggleLeft,
  ip: IconNetwork,
  geo: IconMapPin,
  unknown: IconQuestionMark,
};
