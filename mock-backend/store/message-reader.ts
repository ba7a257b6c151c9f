import type { Database, SqlParams, Table } from "../database.ts";
import type { ExtraField } from "./field-registry.ts";

/** A message as the API shows it: Graylog's field names, `timestamp` as ISO text, plus its index. */
export interface StoredMessage {
  index: string;
  fields: Record<string, unknown>;
}

/**
 * Reads stored rows back as messages: the columns a result needs and their decoding into Graylog's field names
 * (extra fields live in `f_…` columns, message_fields says which field each holds).
 */
export class MessageReader {
  private byColumn: Map<string, ExtraField> | null = null;

  constructor(private readonly db: Database, private readonly extras: ReadonlyMap<string, ExtraField>) {}

  /** Forgets the column names of extra fields (after fields were added or re-read). */
  fieldsChanged(): void {
    this.byColumn = null;
  }

  /** The columns a result row needs: what `readMessages` decodes. */
  selectList(): string {
    return "*";
  }

  /** Runs a SELECT of `selectList()` and decodes its rows as the message maps of search results. */
  async readMessages(sql: string, params: SqlParams = []): Promise<StoredMessage[]> {
    return this.decodeRows(await this.db.table(sql, params));
  }

  /** Rows of `selectList()` as message maps: each column's field name is looked up once, not once per row. */
  decodeRows({ columns, rows }: Table): StoredMessage[] {
    this.byColumn ??= new Map([...this.extras.values()].map((field) => [field.column, field]));
    const byColumn = this.byColumn;
    const names = columns.map((column) =>
      column === "index_name"
        ? undefined
        : column.startsWith("f_")
        ? byColumn.get(column)?.name
        : column
    );
    const index = columns.indexOf("index_name");
    return rows.map((row) => {
      const fields: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        const value = row[i];
        if (name === undefined || value === null || value === undefined) continue;
        fields[name] = value instanceof Date
          ? value.toISOString()
          : typeof value === "bigint"
          ? Number(value)
          : value;
      }
      return { index: String(row[index]), fields };
    });
  }
}
