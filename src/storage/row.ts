// In: nothing (a shape shared by the SQL stores and the row mappers).
// Out: Row, one database row as better-sqlite3 and pg return it.

/** One row of a query result: column name → value (TEXT as string, INTEGER as number or bigint, NULL as null). */
export type Row = Record<string, unknown>;
