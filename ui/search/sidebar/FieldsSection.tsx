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
import { memo, useDeferredValue, useMemo, useRef, useState } from "react";
import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";
import { addTermToQuery, escapeFieldName, fieldTerm } from "../../view/query-terms.ts";
import type { TimeRangeState } from "../../view/url-state.ts";
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
  // A search answer changes the current fields and their types: the list follows in a render of its own, after
  // the message rows have painted (each row is a menu with a tooltip: dozens of them cost more than the rows).
  const currentFieldNames = useDeferredValue(props.currentFieldNames);
  const fieldTypes = useDeferredValue(props.fieldTypes);
  const tableFields = useDeferredValue(props.tableFields);
  const fields = useMemo(
    () => visibleFields(fieldTypes ?? [], { group, filter, currentFieldNames }),
    [fieldTypes, group, filter, currentFieldNames],
  );
  // The rows' actions read the latest props, so the memoized rows need not render again when the page passes
  // new callbacks (it does on every render).
  const latest = useRef(props);
  latest.current = props;
  const actions: FieldActions = useMemo(() => ({
    toggleTopValues: (name) => setExpanded((current) => (current === name ? null : name)),
    toggleTableField: (name) => latest.current.onToggleTableField(name),
    showTopValues: (name) => latest.current.onShowTopValues(name),
    showStatistics: (name) => latest.current.onShowStatistics(name),
    addToQuery: (name, exclude) =>
      latest.current.onQueryChange(
        addTermToQuery(latest.current.query, `${exclude ? "NOT " : ""}_exists_:${escapeFieldName(name)}`),
      ),
  }), []);
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
                inTable={tableFields.includes(field.name)}
                topValuesOpen={expanded === field.name}
                actions={actions}
              />
              {expanded === field.name && <TopValues field={field.name} {...props} />}
            </Box>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** What a field's menu does, by field name; one stable object for every row. */
interface FieldActions {
  toggleTopValues: (field: string) => void;
  toggleTableField: (field: string) => void;
  /** 'Show top values' and 'Statistics' create widgets for the field (spec 001 §9). */
  showTopValues: (field: string) => void;
  showStatistics: (field: string) => void;
  /** Adds `_exists_:field` to the query, or excludes messages having the field. */
  addToQuery: (field: string, exclude: boolean) => void;
}

interface FieldRowProps {
  field: SidebarField;
  inTable: boolean;
  topValuesOpen: boolean;
  actions: FieldActions;
}

/** Memoized: a field's row renders again only when the field, its table membership or its top values change. */
const FieldRow = memo(function FieldRow({ field, inTable, topValuesOpen, actions }: FieldRowProps) {
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
        <Menu.Item onClick={() => actions.showTopValues(field.name)}>Show top values</Menu.Item>
        <Menu.Item onClick={() => actions.showStatistics(field.name)}>Statistics</Menu.Item>
        <Menu.Item onClick={() => actions.toggleTopValues(field.name)}>
          {topValuesOpen ? "Hide inline top values" : "Inline top values"}
        </Menu.Item>
        <Menu.Item onClick={() => actions.toggleTableField(field.name)}>{inTable ? "Remove from table" : "Add to table"}</Menu.Item>
        <Menu.Item onClick={() => actions.addToQuery(field.name, false)}>Add to query</Menu.Item>
        <Menu.Item onClick={() => actions.addToQuery(field.name, true)}>Exclude from results</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}, sameFieldRow);

/** The field list is computed anew for every answer: a field with the same name and type is the same row. */
function sameFieldRow(before: FieldRowProps, after: FieldRowProps): boolean {
  return before.field.name === after.field.name && before.field.type === after.field.type &&
    before.field.kind === after.field.kind && before.inTable === after.inTable &&
    before.topValuesOpen === after.topValuesOpen && before.actions === after.actions;
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
