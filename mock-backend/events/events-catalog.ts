import type { StoredField } from "../search/field-catalog.ts";
import { StoreFieldCatalog } from "../store/field-registry.ts";

const keyword = (name: string): StoredField => ({
  name,
  type: "string",
  matching: "keyword",
  valueSql: name,
});

/**
 * The fields of the events index as the query compiler searches them, so an events search query means what it
 * means on messages: `message` is analysed text (words, case-insensitive), `source` a case-insensitive keyword,
 * ids and the key exact keywords; priority, alert and timestamp by value. A bare term searches the text fields.
 */
export const EVENTS_CATALOG = new StoreFieldCatalog([
  { name: "message", type: "string", matching: "analyzed", valueSql: "message" },
  { name: "source", type: "string", matching: "keyword-ci", valueSql: "source" },
  keyword("id"),
  keyword("key"),
  keyword("event_definition_id"),
  keyword("event_definition_type"),
  keyword("origin_context"),
  { name: "priority", type: "long", matching: "keyword", valueSql: "priority" },
  { name: "alert", type: "boolean", matching: "keyword", valueSql: "alert" },
  { name: "timestamp", type: "date", matching: "keyword", valueSql: "timestamp" },
  { name: "timerange_start", type: "date", matching: "keyword", valueSql: "timerange_start" },
  { name: "timerange_end", type: "date", matching: "keyword", valueSql: "timerange_end" },
]);
