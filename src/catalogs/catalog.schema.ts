import { defineSchemas } from '../common/openapi/schema-registry';
import { CATALOG_WIRE } from './catalog.wire';

export const CATALOG_SCHEMAS = defineSchemas({
  Catalog: CATALOG_WIRE.schema(),
});
