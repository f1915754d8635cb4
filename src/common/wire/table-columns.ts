import { Prisma } from '../../generated/prisma/client';
import { sqlColumnName } from '../list-query/sql-list-query';

/**
 * The columns of a table, from its Prisma model's scalar fields (`Prisma.ProductScalarFieldEnum`), each named by
 * the schema's `@map` convention (the field in snake_case): the statements a repository writes in SQL select and
 * insert every column from here, so a field added to `schema.prisma` needs no edit of them.
 */
export class TableColumns<Row> {
  private readonly columns: { field: string; column: string }[];

  constructor(
    readonly table: string,
    scalarFields: Record<string, string>,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Not a plain SQL identifier: '${table}'`);
    this.columns = Object.values(scalarFields).map((field) => ({ field, column: sqlColumnName({ column: field }) }));
  }

  /** `t.manage_stock AS "manageStock", …`: every column, named as Prisma names the row's fields. */
  selectSql(alias: string): Prisma.Sql {
    return Prisma.raw(this.columns.map(({ field, column }) => (field === column ? `${alias}.${column}` : `${alias}.${column} AS "${field}"`)).join(', '));
  }

  /**
   * `INSERT INTO table (…every column…) SELECT … FROM jsonb_populate_record(…)` of one row whose every field is
   * known: the database reads each value from the row's JSON as its column's type (a Date as its ISO text, a
   * json column as the value itself). No semicolon, so it can be a CTE.
   */
  insertSql(row: Row): Prisma.Sql {
    const record: Record<string, unknown> = {};
    for (const { field, column } of this.columns) {
      const value = (row as Record<string, unknown>)[field];
      if (value === undefined) throw new Error(`${this.table}: no value for ${field}`);
      record[column] = value;
    }
    const columns = Prisma.raw(this.columns.map((c) => c.column).join(', '));
    return Prisma.sql`INSERT INTO ${Prisma.raw(this.table)} (${columns}) SELECT ${columns} FROM jsonb_populate_record(NULL::${Prisma.raw(this.table)}, ${JSON.stringify(record)}::jsonb)`;
  }
}
