import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The list sort expression of a jsonb field: case-insensitive, cut to 100 characters so an index
 * entry stays far below PostgreSQL's btree row limit whatever the text. The field is inlined (a
 * registry field name, checked here) so the expression matches the partial indexes in schema.ts.
 */
export function sortKey(data: AnyPgColumn, field: string): SQL {
  if (!FIELD.test(field)) throw new Error(`Not a field name: ${field}`);
  return sql`lower(left((${data} ->> ${sql.raw(`'${field}'`)}), 100))`;
}
