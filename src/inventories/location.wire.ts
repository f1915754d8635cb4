import { Prisma, type InventoryLocation } from '../generated/prisma/client';
import { arrayOf, closed, number, string, uuid } from '../common/openapi/json-schema';
import { col, computed, constant, field, nested, timestampsMember, when, wireFormat } from '../common/wire/wire-format';

const text = () => string({ minLength: 3, maxLength: 1024 });

const ATTRIBUTES = wireFormat<InventoryLocation>()([
  field('name', 'name', text()),
  field('slug', 'slug', string({ minLength: 1, maxLength: 128 })),
  when(field<InventoryLocation, void, 'external_ref', 'externalRef'>('external_ref', 'externalRef', text()), (r) => r.externalRef !== null, (t) => Prisma.sql`${col(t, 'external_ref')} IS NOT NULL`),
  when(field<InventoryLocation, void, 'description', 'description'>('description', 'description', text()), (r) => r.description !== null, (t) => Prisma.sql`${col(t, 'description')} IS NOT NULL`),
  when(
    field<InventoryLocation, void, 'address', 'address'>('address', 'address', arrayOf(string({ maxLength: 1024 }), { minItems: 1, maxItems: 8 })),
    (r) => r.address.length > 0,
    (t) => Prisma.sql`cardinality(${col(t, 'address')}) > 0`,
  ),
  when(
    computed<InventoryLocation, void, 'geolocation', { lat: number; lon: number }>(
      'geolocation',
      (r) => ({ lat: r.latitude!, lon: r.longitude! }),
      (t) => Prisma.sql`json_build_object('lat', ${col(t, 'latitude')}, 'lon', ${col(t, 'longitude')})::text`,
      closed({ lat: number({ minimum: -90, maximum: 90 }), lon: number({ minimum: -180, maximum: 180 }) }),
    ),
    (r) => r.latitude !== null && r.longitude !== null,
    (t) => Prisma.sql`${col(t, 'latitude')} IS NOT NULL AND ${col(t, 'longitude')} IS NOT NULL`,
  ),
]);

/** An inventory location as `/v2/inventories/locations` answers it. */
export const LOCATION_WIRE = wireFormat<InventoryLocation>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'inventory_location'),
  nested('attributes', ATTRIBUTES),
  nested('meta', wireFormat<InventoryLocation>()([timestampsMember()])),
]);
