import { Injectable } from '@nestjs/common';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { CreateLocationDto, UpdateLocationDto } from './dto/location.dto';
import { LOCATION_WIRE } from './location.wire';
import { LocationsRepository } from './locations.repository';

/** Inventory locations (`/v2/inventories/locations`): warehouses and stores that hold stock, known by slug. */
@Injectable()
export class LocationsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly locations: LocationsRepository,
  ) {}

  async create(dto: CreateLocationDto) {
    const a = dto.attributes;
    return this.prisma.$transaction(async (tx) => {
      await this.assertSlugFree(a.slug, null, tx);
      const row = await this.locations.create(
        {
          name: a.name,
          slug: a.slug,
          externalRef: a.external_ref ?? null,
          description: a.description ?? null,
          address: a.address ?? [],
          latitude: a.geolocation?.lat ?? null,
          longitude: a.geolocation?.lon ?? null,
        },
        tx,
      );
      return LOCATION_WIRE.present(row);
    });
  }

  async list(q: ListQuery) {
    const { items, total, all } = await this.locations.list(q);
    return page(items.map((row) => LOCATION_WIRE.present(row)), total, q, all);
  }

  async get(id: string) {
    const row = await this.locations.find(id);
    if (!row) throw new NotFoundError('Location');
    return LOCATION_WIRE.present(row);
  }

  async update(id: string, dto: UpdateLocationDto) {
    if (dto.id.toLowerCase() !== id) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    const a = dto.attributes;
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.locations.lock(id, tx))) throw new NotFoundError('Location');
      if (a.slug !== undefined) await this.assertSlugFree(a.slug, id, tx);
      const data: Prisma.InventoryLocationUpdateInput = {
        name: a.name,
        slug: a.slug,
        externalRef: a.external_ref,
        description: a.description,
        address: a.address === undefined ? undefined : (a.address ?? []),
        latitude: a.geolocation === undefined ? undefined : (a.geolocation?.lat ?? null),
        longitude: a.geolocation === undefined ? undefined : (a.geolocation?.lon ?? null),
      };
      return LOCATION_WIRE.present(await this.locations.update(id, data, tx));
    });
  }

  /** A location that holds some product's stock stays: move or remove that stock first. */
  async delete(id: string) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.locations.lock(id, tx))) throw new NotFoundError('Location');
      const held = await this.locations.holdsStock(id, tx);
      if (held > 0) throw new UnprocessableError('Location holds stock', `${held} products have stock at this location; take it away from them first (PUT /v2/inventories/:id with the location null)`);
      await this.locations.delete(id, tx);
    });
  }

  private async assertSlugFree(slug: string, exceptId: string | null, tx: Prisma.TransactionClient) {
    const other = await this.locations.findBySlug(slug, tx);
    if (other && other.id !== exceptId) throw new ConflictError(`Another location has the slug ${slug}`, 'data.attributes.slug');
  }
}
