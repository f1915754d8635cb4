import { Injectable } from '@nestjs/common';
import { FilesService } from '../../catalog/files/files.service';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../../common/errors/api-error';
import { linkBase } from '../../common/http/request-context';
import { ListQuery, page } from '../../common/list-query';
import { Prisma } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { checkCustomAttributes } from '../attributes';
import { CreatePcmProductDto, PcmProductAttributesDto, UpdatePcmProductDto } from './dto/product.dto';
import { PRODUCT_WIRE, ProductRow } from './product.wire';
import { ProductsRepository } from './products.repository';
import type { Reference } from './references';
import { componentProductIds, parseComponents, type BundleComponents } from './components';

const json = (value: unknown) => value as Prisma.InputJsonValue;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `extensions`: at most 100 templates of at most 100 fields, each a string (≤ 1024), an integer, a boolean or null. */
function checkExtensions(value: Record<string, unknown> | undefined, source: string): void {
  if (value === undefined) return;
  const templates = Object.entries(value);
  if (templates.length > 100) throw new BadRequestError(`${source} has more than 100 templates`, source);
  for (const [template, fields] of templates) {
    if (!isObject(fields)) throw new BadRequestError(`${source}.${template} must be an object of fields`, `${source}.${template}`);
    if (Object.keys(fields).length > 100) throw new BadRequestError(`${source}.${template} has more than 100 fields`, `${source}.${template}`);
    for (const [name, v] of Object.entries(fields)) {
      const ok = v === null || typeof v === 'boolean' || (typeof v === 'string' && v.length <= 1024) || (typeof v === 'number' && Number.isSafeInteger(v));
      if (!ok) throw new BadRequestError(`${source}.${template}.${name} must be a string, an integer, a boolean or null`, `${source}.${template}.${name}`);
    }
  }
}

/** A product's `locales`: each a locale code with a `name` and an optional `description`. */
function checkProductLocales(value: Record<string, unknown> | undefined, source: string): void {
  if (value === undefined) return;
  const entries = Object.entries(value);
  if (entries.length > 100) throw new BadRequestError(`${source} has more than 100 locales`, source);
  for (const [locale, v] of entries) {
    const at = `${source}.${locale}`;
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale)) throw new BadRequestError(`${source}: ${locale} is not a locale`, at);
    if (!isObject(v)) throw new BadRequestError(`${at} must be an object`, at);
    if (typeof v.name !== 'string' || v.name.length === 0 || v.name.length > 1024) throw new BadRequestError(`${at}.name must be a string of 1 to 1024 characters`, `${at}.name`);
    for (const [k, text] of Object.entries(v)) {
      if (k !== 'name' && k !== 'description') throw new BadRequestError(`${at} takes name and description only`, `${at}.${k}`);
      if (typeof text !== 'string' || text.length > 10000) throw new BadRequestError(`${at}.${k} must be a string`, `${at}.${k}`);
    }
  }
}

/** The columns the request's attributes give. */
function columns(a: Partial<PcmProductAttributesDto>, source: string) {
  checkExtensions(a.extensions, `${source}.extensions`);
  checkCustomAttributes(a.admin_attributes, `${source}.admin_attributes`);
  checkCustomAttributes(a.shopper_attributes, `${source}.shopper_attributes`);
  checkProductLocales(a.locales, `${source}.locales`);
  return {
    ...(a.name !== undefined ? { name: a.name } : {}),
    ...(a.description !== undefined ? { description: a.description } : {}),
    ...(a.slug !== undefined ? { slug: a.slug } : {}),
    ...(a.sku !== undefined ? { sku: a.sku } : {}),
    ...(a.status !== undefined ? { status: a.status } : {}),
    ...(a.commodity_type !== undefined ? { commodityType: a.commodity_type } : {}),
    ...(a.upc_ean !== undefined ? { upcEan: a.upc_ean } : {}),
    ...(a.mpn !== undefined ? { mpn: a.mpn } : {}),
    ...(a.external_ref !== undefined ? { externalRef: a.external_ref } : {}),
    ...(a.tags !== undefined ? { tags: a.tags } : {}),
    ...(a.extensions !== undefined ? { extensions: json(a.extensions) } : {}),
    ...(a.admin_attributes !== undefined ? { adminAttributes: json(a.admin_attributes) } : {}),
    ...(a.shopper_attributes !== undefined ? { shopperAttributes: json(a.shopper_attributes) } : {}),
    ...(a.locales !== undefined ? { locales: json(a.locales) } : {}),
    ...(a.components !== undefined ? { components: bundleComponents(a.components, `${source}.components`) } : {}),
  };
}

/** A bundle's components; none (`{}`) stores NULL, so the product is a standard one again. */
function bundleComponents(value: Record<string, unknown>, source: string) {
  const parsed = parseComponents(value, source);
  return Object.keys(parsed).length ? json(parsed) : Prisma.DbNull;
}

/** PXM products: their attributes, main image and files. Elastic Path documents no events for them. */
@Injectable()
export class ProductsService {
  constructor(
    private readonly repo: ProductsRepository,
    private readonly files: FilesService,
    private readonly prisma: PrismaService,
  ) {}

  /** One INSERT: a taken SKU or slug is the unique index's refusal, answered 409. */
  async create(dto: CreatePcmProductDto) {
    const a = dto.attributes;
    const data = { ...columns(a, 'data.attributes'), name: a.name, slug: a.slug ?? a.name };
    await this.requireComponentProducts(data.components, null);
    const row = await this.repo.create(data).catch(unlessTaken(data));
    return this.present({ ...row, files: [], variations: [] });
  }

  async list(q: ListQuery) {
    const { items, total, all } = await this.repo.list(q);
    return page(items.map((row) => this.present(row)), total, q, all);
  }

  async get(id: string) {
    return this.present(await this.require(id));
  }

  async update(id: string, dto: UpdatePcmProductDto) {
    if (dto.id !== undefined && dto.id.toLowerCase() !== id) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    const data = columns(dto.attributes, 'data.attributes');
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lock(id, tx))) throw new NotFoundError('Product');
      if (data.components !== undefined && data.components !== Prisma.DbNull) {
        const current = await this.require(id, tx);
        if (current.parentId !== null || current.variations.length > 0) throw new UnprocessableError('Failed Validation', 'A product with variations or a child product cannot be a bundle', 'data.attributes.components');
        await this.requireComponentProducts(data.components, id, tx);
      }
      return this.present(await this.repo.update(id, data, tx).catch(unlessTaken(data)));
    });
  }

  /** Its links to files and nodes go with it (and it leaves nodes' curated products); files and nodes stay. */
  async delete(id: string) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lock(id, tx))) throw new NotFoundError('Product');
      await this.repo.uncurate(null, [id], tx);
      await this.repo.delete(id, tx);
    });
  }

  // ---------- main image and files ----------

  async mainImage(id: string) {
    const row = await this.require(id);
    return row.mainImageId ? [{ type: 'file' as const, id: row.mainImageId }] : [];
  }

  /** Sets (or, with null, removes) the main image: a file of `/v2/files`. */
  async setMainImage(id: string, fileId: string | null) {
    await this.require(id);
    if (fileId !== null) await this.requireFiles([{ id: fileId }], 'data.id');
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lock(id, tx))) throw new NotFoundError('Product');
      await this.repo.setMainImage(id, fileId, tx);
    });
  }

  async fileReferences(id: string) {
    await this.require(id);
    return (await this.repo.files(id)).map((f) => ({ type: 'file' as const, id: f.fileId, ...(f.tags.length ? { meta: { tags: f.tags } } : {}) }));
  }

  /** `add` attaches files, `replace` makes them the product's only files, `remove` detaches them. */
  async changeFiles(id: string, how: 'add' | 'replace' | 'remove', files: Reference[]) {
    await this.require(id);
    if (how !== 'remove') await this.requireFiles(files, 'data');
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lock(id, tx))) throw new NotFoundError('Product');
      if (how === 'replace') await this.repo.removeFiles(id, 'all', tx);
      if (how === 'remove') await this.repo.removeFiles(id, files.map((f) => f.id), tx);
      else await this.repo.addFiles(id, files, tx);
      await this.repo.touch(id, tx);
    });
  }

  // ---------- for the nodes ----------

  /** A product as `/pcm/products` answers it. */
  present(row: ProductRow) {
    return PRODUCT_WIRE.present(row, { linkBase: linkBase() });
  }

  async require(id: string, db: Db = this.prisma): Promise<ProductRow> {
    const row = await this.repo.find(id, db);
    if (!row) throw new NotFoundError('Product');
    return row;
  }

  /** The products a bundle's components name: `{"data":[{"type":"product","id"}]}`, each once. */
  async componentProducts(id: string) {
    const row = await this.require(id);
    return componentProductIds(row.components as BundleComponents | null).map((p) => ({ type: 'product' as const, id: p }));
  }

  /** Every product a bundle names must exist and be another product: 422 otherwise. */
  private async requireComponentProducts(components: unknown, bundleId: string | null, db: Db = this.prisma) {
    if (components === undefined || components === Prisma.DbNull) return;
    const ids = componentProductIds(components as BundleComponents);
    if (bundleId !== null && ids.includes(bundleId)) throw new UnprocessableError('Failed Validation', 'A bundle cannot be one of its own components', 'data.attributes.components');
    const found = new Set((await this.repo.findMany(ids, db)).map((p) => p.id));
    const missing = ids.find((p) => !found.has(p));
    if (missing !== undefined) throw new UnprocessableError('Product not found', `Component product ${missing} does not exist`, 'data.attributes.components');
  }

  private async requireFiles(files: Reference[], source: string) {
    const found = new Set((await this.files.findPresented(files.map((f) => f.id), false)).map((f) => f.id));
    const missing = files.findIndex((f) => !found.has(f.id));
    if (missing >= 0) throw new UnprocessableError('File not found', `File ${files[missing].id} does not exist`, source === 'data' ? `data[${missing}].id` : source);
  }

}

/** The unique column a P2002 names (`sku` or `slug`), from Prisma's error or its driver adapter's. */
function takenColumn(e: unknown): 'sku' | 'slug' | null {
  if (!(e instanceof Prisma.PrismaClientKnownRequestError) || e.code !== 'P2002') return null;
  const meta = e.meta as { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: unknown; index?: unknown } } } } | undefined;
  const named = JSON.stringify([meta?.target, meta?.driverAdapterError?.cause?.constraint]);
  if (named.includes('sku')) return 'sku';
  if (named.includes('slug')) return 'slug';
  return null;
}

/** Elastic Path: a SKU and a slug belong to one product each; the other's is 409. */
function unlessTaken(data: { sku?: string; slug?: string }) {
  return (e: unknown): never => {
    const column = takenColumn(e);
    if (column === 'sku') throw new ConflictError(`The SKU ${JSON.stringify(data.sku)} belongs to another product`, 'data.attributes.sku');
    if (column === 'slug') throw new ConflictError(`The slug ${JSON.stringify(data.slug)} belongs to another product`, 'data.attributes.slug');
    throw e;
  };
}
