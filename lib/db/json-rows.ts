import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";

/** A row as PostgreSQL writes it in JSON (`json_agg(table)`, `to_json(row)`): keys are column names. */
export type JsonRow = Record<string, unknown>;

/**
 * Rows a query returned nested as JSON turned back into what a plain select of the table returns:
 * property names instead of column names and each column's own decoding (timestamps to Date,
 * arrays, jsonb). So a query can carry a document's signers inside the document's row, one
 * round trip instead of three, and callers still get `Signatory[]`.
 */
export function rowsFromJson<T extends Table>(table: T, rows: JsonRow[] | null | undefined): InferSelectModel<T>[] {
  if (!rows?.length) return [];
  const columns = Object.entries(getTableColumns(table));
  return rows.map((json) => {
    const row: Record<string, unknown> = {};
    for (const [property, column] of columns) {
      const value = json[column.name];
      row[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  });
}
