import { Prisma } from '../generated/prisma/client';
import { BadRequestError } from '../common/errors/api-error';
import { columnSql, type FilterOp, type FilterValue, type ListResourceSpec } from '../common/list-query';

/**
 * The filters of the shopper catalog's lists, as Elastic Path's Catalog View documents them: `eq` on names and
 * slugs, `in` (and `eq`) on ids; `eq`/`in` on the product attributes below. The lists keep the
 * release's order (`position`), which no filter can name.
 */

/** `product_types` and `tags`: `eq` names one value the product has, `in` any of several. */
function arrayMember(column: string) {
  return (op: FilterOp, values: FilterValue[], alias: Prisma.Sql): Prisma.Sql => {
    const list = columnSql(alias, column);
    if (op === 'eq') return Prisma.sql`${String(values[0])}::text = ANY(${list})`;
    return Prisma.sql`${list} && ARRAY[${Prisma.join(values.map((v) => Prisma.sql`${String(v)}::text`))}]::text[]`;
  };
}

const PRODUCT_TYPES = ['standard', 'parent', 'child', 'bundle'];

function productTypes(op: FilterOp, values: FilterValue[], alias: Prisma.Sql): Prisma.Sql {
  const unknown = values.find((v) => !PRODUCT_TYPES.includes(String(v)));
  if (unknown !== undefined) throw new BadRequestError(`product_types is one of ${PRODUCT_TYPES.join(', ')}`, { parameter: 'filter' });
  return arrayMember('product_types')(op, values, alias);
}

export const CATALOG_PRODUCTS_SPEC: ListResourceSpec = {
  fields: {
    id: { column: 'productId', type: 'uuid', ops: ['eq', 'in'] },
    name: { column: 'name', type: 'string', ops: ['eq', 'in'] },
    sku: { column: 'sku', type: 'string', ops: ['eq', 'in'] },
    slug: { column: 'slug', type: 'string', ops: ['eq', 'in'] },
    manufacturer_part_num: { column: 'mpn', type: 'string', ops: ['eq', 'in'] },
    upc_ean: { column: 'upcEan', type: 'string', ops: ['eq', 'in'] },
    product_types: { column: 'productTypes', type: 'string', ops: ['eq', 'in'], toSql: productTypes },
    tags: { column: 'tags', type: 'string', ops: ['eq', 'in'], toSql: arrayMember('tags') },
    position: { column: 'position', type: 'integer' },
  },
  defaultSort: 'position',
  maxOffset: 10_000,
};

/** Nodes and hierarchies of a release filter alike (`in` on the id, `eq` on name and slug) and keep the release's order. */
function releaseTreeSpec(idColumn: string): ListResourceSpec {
  return {
    fields: {
      id: { column: idColumn, type: 'uuid', ops: ['eq', 'in'] },
      name: { column: 'name', type: 'string', ops: ['eq'] },
      slug: { column: 'slug', type: 'string', ops: ['eq'] },
      position: { column: 'position', type: 'integer' },
    },
    defaultSort: 'position',
    maxOffset: 10_000,
  };
}

export const CATALOG_NODES_SPEC: ListResourceSpec = releaseTreeSpec('nodeId');

export const CATALOG_HIERARCHIES_SPEC: ListResourceSpec = releaseTreeSpec('hierarchyId');
