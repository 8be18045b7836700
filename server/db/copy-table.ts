import type { Sql, SqlValue } from './sql';
import type { SqliteSql } from './sqlite-sql';

/**
 * Copies every row of a SQLite table into the same table of another store, all columns as they
 * are (event positions included), many rows per statement. `to` may be a transaction's handle.
 * Returns how many rows it copied.
 */
export async function copyTable(from: SqliteSql, to: Sql, table: string, batchSize = 2000): Promise<number> {
  const columns = (await from.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)).map(
    (column) => column.name,
  );
  const row = `(${columns.map(() => '?').join(', ')})`;
  let copied = 0;
  for await (const batch of from.batches<Record<string, SqlValue>>(
    `SELECT ${columns.join(', ')} FROM ${table} ORDER BY rowid`,
    [],
    batchSize,
  )) {
    await to.run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${batch.map(() => row).join(', ')}`,
      batch.flatMap((r) => columns.map((column) => r[column] ?? null)),
    );
    copied += batch.length;
  }
  return copied;
}
