import type { Db, Queryable } from '../db/db';

/**
 * Runs `fill` once per database, in one transaction with its marker row `version` in
 * schema_migrations: a crash half-way leaves neither, so it runs again on the next start. Returns
 * whether it ran now (false when the marker was already there).
 */
export async function seedOnce(db: Db, version: string, fill: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx.query('INSERT INTO schema_migrations (version) VALUES ($1) ON CONFLICT (version) DO NOTHING RETURNING version', [version]);
    if (marker.length === 0) return false;
    await fill(tx);
    return true;
  });
}

/** The first superuser's id: the creator of the sample rows (null on a database without one). */
export async function sampleOwner(db: Queryable): Promise<number | null> {
  return (await db.query<{ id: number }>('SELECT id FROM users WHERE is_superuser ORDER BY id LIMIT 1'))[0]?.id ?? null;
}

/** INSERT INTO `table` the given `columns` of `row`, as parameters in that order. */
export async function insertRow<Row extends object>(db: Queryable, table: string, row: Row, columns: ReadonlyArray<keyof Row & string>): Promise<void> {
  await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(',')})`, columns.map((c) => row[c]));
}
