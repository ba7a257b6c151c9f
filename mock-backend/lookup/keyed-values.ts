import { parse as parseCsv } from "csv-parse/sync";
import type { AdapterAnswer } from "./data-adapter.ts";

/** How delimiter-separated text becomes keyed values (the CSV file and DSV-over-HTTP adapters share it). */
export interface KeyedValuesOptions {
  separator: string;
  quotechar: string;
  /** Lines starting with this are comments ("" = none). */
  ignorechar?: string;
  keyColumn: string;
  /** "" with `presenceOnly`: only whether the key is there matters. */
  valueColumn: string;
  presenceOnly?: boolean;
  caseInsensitive: boolean;
}

/**
 * Values by key read from delimiter-separated text whose first line names the columns. The key and value
 * columns must exist; a line without them is skipped. Case-insensitive tables keep keys lower-cased.
 */
export class KeyedValues {
  private constructor(private readonly values: ReadonlyMap<string, string>, private readonly caseInsensitive: boolean) {}

  static parse(text: string, options: KeyedValuesOptions): KeyedValues {
    const records = parseCsv(text, {
      delimiter: options.separator,
      quote: options.quotechar,
      comment: options.ignorechar || undefined,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
    const [header, ...rows] = records;
    if (!header) throw new Error("The data has no header line naming the columns.");
    const keyAt = header.indexOf(options.keyColumn);
    if (keyAt < 0) throw new Error(`The key column "${options.keyColumn}" is not among the columns (${header.join(", ")}).`);
    const valueAt = options.presenceOnly && options.valueColumn === "" ? keyAt : header.indexOf(options.valueColumn);
    if (valueAt < 0) throw new Error(`The value column "${options.valueColumn}" is not among the columns (${header.join(", ")}).`);
    const values = new Map<string, string>();
    for (const row of rows) {
      const key = row[keyAt];
      const value = row[valueAt];
      if (key === undefined || value === undefined) continue;
      values.set(options.caseInsensitive ? key.toLowerCase() : key, options.presenceOnly ? "true" : value);
    }
    return new KeyedValues(values, options.caseInsensitive);
  }

  get size(): number {
    return this.values.size;
  }

  lookup(key: string): AdapterAnswer {
    const value = this.values.get(this.caseInsensitive ? key.toLowerCase() : key);
    return value === undefined ? { found: false } : { found: true, value, multi: { value } };
  }
}
