import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_MEMBERSHIPS_SPEC, ACCOUNT_MEMBERS_SPEC, PASSWORD_PROFILE_INFOS_SPEC } from '../../account-management/members.repository';
import { ACCOUNTS_SPEC } from '../../accounts/accounts.repository';
import { CARTS_SPEC } from '../../carts/carts.repository';
import { CATEGORIES_SPEC } from '../../catalog/categories/categories.repository';
import { FILES_SPEC } from '../../catalog/files/files.repository';
import { PRODUCTS_SPEC } from '../../catalog/products/products.repository';
import { CURRENCIES_SPEC } from '../../currencies/currencies.repository';
import { CUSTOMERS_SPEC } from '../../customers/customers.repository';
import { INTEGRATIONS_SPEC, JOBS_SPEC, LOGS_SPEC } from '../../integrations/integrations.repository';
import { ORDERS_SPEC } from '../../orders/orders.repository';
import { HIERARCHIES_SPEC, NODES_SPEC } from '../../pxm/hierarchies/hierarchies.repository';
import { LOCATIONS_SPEC } from '../../inventories/locations.repository';
import { STOCK_SPEC } from '../../inventories/stock.repository';
import { TRANSACTIONS_SPEC } from '../../inventories/transactions.repository';
import { PROMOTION_CODES_SPEC, PROMOTIONS_SPEC } from '../../promotions/promotions.repository';
import { PCM_PRODUCTS_SPEC } from '../../pxm/products/products.repository';
import { MODIFIERS_SPEC, OPTIONS_SPEC, VARIATIONS_SPEC } from '../../pxm/variations/variations.repository';
import { ALL_PRICES_SPEC, BOOK_PRICES_SPEC, PRICEBOOKS_SPEC } from '../../pricebooks/pricebooks.repository';
import { ACCOUNT_ADDRESSES_SPEC } from '../../account-addresses/account-addresses.repository';
import { CATALOG_HIERARCHIES_SPEC, CATALOG_NODES_SPEC, CATALOG_PRODUCTS_SPEC } from '../../shopper-catalog/catalog-list-specs';
import type { ListFieldType, ListResourceSpec } from './list-spec';
import { sqlColumnName } from './sql-list-query';

/** Every list spec in src, with the Prisma model it lists. */
const SPECS: Record<string, [ListResourceSpec, string]> = {
  ACCOUNTS_SPEC: [ACCOUNTS_SPEC, 'Account'],
  CARTS_SPEC: [CARTS_SPEC, 'Cart'],
  CATEGORIES_SPEC: [CATEGORIES_SPEC, 'Category'],
  FILES_SPEC: [FILES_SPEC, 'File'],
  PRODUCTS_SPEC: [PRODUCTS_SPEC, 'Product'],
  CURRENCIES_SPEC: [CURRENCIES_SPEC, 'Currency'],
  CUSTOMERS_SPEC: [CUSTOMERS_SPEC, 'Customer'],
  INTEGRATIONS_SPEC: [INTEGRATIONS_SPEC, 'Integration'],
  LOGS_SPEC: [LOGS_SPEC, 'IntegrationLog'],
  JOBS_SPEC: [JOBS_SPEC, 'IntegrationJob'],
  ORDERS_SPEC: [ORDERS_SPEC, 'Order'],
  HIERARCHIES_SPEC: [HIERARCHIES_SPEC, 'PxmHierarchy'],
  NODES_SPEC: [NODES_SPEC, 'PxmNode'],
  ACCOUNT_MEMBERS_SPEC: [ACCOUNT_MEMBERS_SPEC, 'AccountMember'],
  ACCOUNT_MEMBERSHIPS_SPEC: [ACCOUNT_MEMBERSHIPS_SPEC, 'AccountMembership'],
  PASSWORD_PROFILE_INFOS_SPEC: [PASSWORD_PROFILE_INFOS_SPEC, 'MemberPassword'],
  STOCK_SPEC: [STOCK_SPEC, 'InventoryStock'],
  TRANSACTIONS_SPEC: [TRANSACTIONS_SPEC, 'InventoryTransaction'],
  LOCATIONS_SPEC: [LOCATIONS_SPEC, 'InventoryLocation'],
  PROMOTIONS_SPEC: [PROMOTIONS_SPEC, 'Promotion'],
  PROMOTION_CODES_SPEC: [PROMOTION_CODES_SPEC, 'PromotionCode'],
  PCM_PRODUCTS_SPEC: [PCM_PRODUCTS_SPEC, 'PxmProduct'],
  VARIATIONS_SPEC: [VARIATIONS_SPEC, 'PxmVariation'],
  OPTIONS_SPEC: [OPTIONS_SPEC, 'PxmVariationOption'],
  MODIFIERS_SPEC: [MODIFIERS_SPEC, 'PxmVariationModifier'],
  PRICEBOOKS_SPEC: [PRICEBOOKS_SPEC, 'PriceBook'],
  BOOK_PRICES_SPEC: [BOOK_PRICES_SPEC, 'PriceBookPrice'],
  ALL_PRICES_SPEC: [ALL_PRICES_SPEC, 'PriceBookPrice'],
  ACCOUNT_ADDRESSES_SPEC: [ACCOUNT_ADDRESSES_SPEC, 'AccountAddress'],
  CATALOG_PRODUCTS_SPEC: [CATALOG_PRODUCTS_SPEC, 'ReleaseProduct'],
  CATALOG_NODES_SPEC: [CATALOG_NODES_SPEC, 'ReleaseNode'],
  CATALOG_HIERARCHIES_SPEC: [CATALOG_HIERARCHIES_SPEC, 'ReleaseHierarchy'],
};

interface SchemaField {
  type: string;
  dbName: string;
  nativeType: string | null;
}

/** `model X { field Type? @map("db") @db.Native … }` of prisma/schema.prisma. */
function readSchema(): Map<string, Map<string, SchemaField>> {
  const text = readFileSync(join(__dirname, '../../../prisma/schema.prisma'), 'utf8');
  const models = new Map<string, Map<string, SchemaField>>();
  for (const [, model, body] of text.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const fields = new Map<string, SchemaField>();
    for (const line of body.split('\n')) {
      const m = /^\s+(\w+)\s+(\w+)(\[\])?\??(.*)$/.exec(line);
      if (!m) continue;
      const [, name, type, , rest] = m;
      const dbName = /@map\("([^"]+)"\)/.exec(rest)?.[1] ?? name;
      fields.set(name, { type, dbName, nativeType: /@db\.(\w+)/.exec(rest)?.[1] ?? null });
    }
    models.set(model, fields);
  }
  return models;
}

/** What a parameter cast to the field type (see toSqlListClauses) compares with. */
const COLUMN_TYPES: Record<ListFieldType, [string, string | null]> = {
  uuid: ['String', 'Uuid'],
  string: ['String', null],
  integer: ['Int', null],
  boolean: ['Boolean', null],
  datetime: ['DateTime', 'Timestamptz'],
};

describe('list specs against prisma/schema.prisma', () => {
  const schema = readSchema();

  it('names every ListResourceSpec in src', () => {
    const found = execFileSync('grep', ['-rhoE', '[A-Z_]+_SPEC: ListResourceSpec = ', join(__dirname, '../..'), '--include=*.ts'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(':')[0]);
    expect(found.sort()).toEqual(Object.keys(SPECS).sort());
  });

  describe.each(Object.entries(SPECS))('%s', (_name, [spec, model]) => {
    const fields = Object.entries(spec.fields).filter(([, f]) => !f.column.includes('.'));

    it.each(fields)('%s: its SQL column is the schema column, of a type its filter parameters compare with', (_field, f) => {
      const column = schema.get(model)?.get(f.column);
      expect(column && { column: column.dbName }).toEqual({ column: sqlColumnName(f) });
      if (f.toWhere) return; // filtered by its own translation; only sorted by this column
      expect(column && [column.type, column.nativeType]).toEqual(COLUMN_TYPES[f.type]);
    });
  });
});
