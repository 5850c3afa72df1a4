import { type Column, getTableName, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * "table"."column", always. Drizzle leaves columns unqualified in the select list of a
 * one-table query, where a correlated subquery would then bind them to its own table.
 */
export function qualified(table: Table, column: Column): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
}
