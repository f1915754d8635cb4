import { defineSchemas } from '../../common/openapi/schema-registry';
import { RELEASE_WIRE } from './release.wire';

export const RELEASE_SCHEMAS = defineSchemas({
  CatalogRelease: RELEASE_WIRE.schema(),
});
