import type { LookupTableBody } from "../../api/schemas/lookup-tables.ts";

/** A lookup table Sluice ships: its cache and adapter, and no default values (a miss answers null). */
export function seededTableBody(
  table: { name: string; title: string; description: string },
  cacheId: string,
  adapterId: string,
): LookupTableBody {
  return {
    ...table,
    cache_id: cacheId,
    data_adapter_id: adapterId,
    default_single_value: "",
    default_single_value_type: "NULL",
    default_multi_value: "",
    default_multi_value_type: "NULL",
  };
}
