import type { QueryValueAction, ValuePath } from "../../visualizations/visualization-props.ts";
import { addTermToQuery, fieldTerm } from "../../view/query-terms.ts";

/**
 * The query after acting on a value of a chart or table (beyond Graylog): 'add-to-query' and 'show-messages' add
 * every grouping value that leads to it, 'exclude' excludes the innermost one. Time buckets are not terms: the
 * time range already narrows them, so they are left out.
 */
export function queryForValueAction(query: string, action: QueryValueAction, path: ValuePath, isTimeField: (field: string) => boolean): string {
  const terms = path.filter((entry) => !isTimeField(entry.field));
  if (action === "exclude") {
    const innermost = terms.at(-1);
    return innermost ? addTermToQuery(query, fieldTerm(innermost.field, innermost.value, true)) : query;
  }
  return terms.reduce((current, entry) => addTermToQuery(current, fieldTerm(entry.field, entry.value)), query);
}
