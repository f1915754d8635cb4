import { arrayOf, boolean, closed, dateTime, integer, type JsonSchema, nullable, number, oneOfStrings, open, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { WIRE } from '../common/openapi/wire-schemas';
import { RELEASE_SCHEMAS } from '../catalogs/releases/release.schema';

/**
 * The shopper catalog's resources as Elastic Path's Catalog View describes them: the members, required members
 * and enums of its `hierarchy`, `node`, `product` and `elastic-path-file` schemas. The objects are a release's
 * rows as published, so members the reference adds later pass; what is declared is checked.
 */

const relatedLink = open({ related: string() }, ['related']);
const selfLink = open({ self: string() }, ['self']);
const reference = (type: string) => open({ type: oneOfStrings([type]), id: string() }, ['id', 'type']);
const productReference = open({ id: uuid(), type: oneOfStrings(['product']) }, ['id', 'type']);
const breadcrumb = open({ id: string(), name: string(), slug: string() });
const customAttributes = open({}, [], { additionalProperties: open() });

const formattedPrice = open({ amount: integer(), currency: string(), formatted: string(), float_price: number() });
const displayPrice = open({ with_tax: formattedPrice, without_tax: formattedPrice });
const money = open({ amount: integer(), includes_tax: boolean() });
const currencies = open({}, [], { additionalProperties: money });

const hierarchy = open(
  {
    id: string(),
    type: oneOfStrings(['hierarchy']),
    attributes: open({
      name: string(),
      description: string(),
      slug: string(),
      created_at: dateTime(),
      updated_at: dateTime(),
      published_at: nullable(dateTime()),
      shopper_attributes: customAttributes,
    }),
    relationships: open({
      products: open({ links: relatedLink }),
      children: open({ links: relatedLink }, ['links']),
      nodes: open({ links: relatedLink }, ['links']),
    }),
    meta: open({ language: string(), breadcrumbs: arrayOf(breadcrumb), has_children: nullable(boolean()) }),
  },
  ['id', 'type', 'attributes'],
);

const node = open(
  {
    id: string(),
    type: oneOfStrings(['node']),
    attributes: open({
      name: string(),
      description: string(),
      slug: string(),
      label: string(),
      status: string(),
      curated_products: arrayOf(string()),
      created_at: dateTime(),
      updated_at: dateTime(),
      published_at: nullable(dateTime()),
      shopper_attributes: customAttributes,
    }),
    relationships: open({
      products: open({ data: arrayOf(productReference), links: relatedLink }),
      children: open({ links: relatedLink }, ['links']),
      parent: open({ data: reference('node'), links: relatedLink }, ['data']),
      hierarchy: open({ data: reference('hierarchy'), links: relatedLink }, ['data']),
    }),
    meta: open({ language: string(), bread_crumb: arrayOf(string()), breadcrumbs: arrayOf(breadcrumb), has_children: nullable(boolean()) }),
  },
  ['id', 'type', 'attributes'],
);

const fileReference = open({ type: oneOfStrings(['file']), id: uuid(), created_at: dateTime() });

const product = open(
  {
    id: string(),
    type: oneOfStrings(['product']),
    attributes: open({
      name: string(),
      description: string(),
      slug: string(),
      sku: string(),
      status: string(),
      commodity_type: string(),
      upc_ean: string(),
      manufacturer_part_num: string(),
      tags: arrayOf(string()),
      base_product: boolean(),
      base_product_id: string(),
      curated_product: boolean(),
      external_ref: nullable(string()),
      price: currencies,
      components: open({}, [], { additionalProperties: open() }),
      extensions: open({}, [], { additionalProperties: open() }),
      shopper_attributes: customAttributes,
      created_at: dateTime(),
      updated_at: dateTime(),
      published_at: nullable(dateTime()),
    }),
    relationships: open({
      parent: open({ data: productReference }),
      children: open({ data: arrayOf(productReference), links: selfLink }),
      files: open({ data: arrayOf(fileReference) }),
      main_image: open({ data: nullable(open({ type: oneOfStrings(['main_image']), id: uuid() })) }),
      component_products: open({ data: arrayOf(productReference), links: selfLink }),
      custom_relationships: open({ data: arrayOf(productReference), links: open() }),
    }),
    meta: open({
      catalog_id: string(),
      pricebook_id: nullable(string()),
      catalog_source: oneOfStrings(['pim']),
      display_price: displayPrice,
      original_display_price: displayPrice,
      product_types: arrayOf(string()),
      bread_crumbs: open({}, [], { additionalProperties: arrayOf(string()) }),
      bread_crumb_nodes: arrayOf(string()),
      variations: arrayOf(open()),
      variation_matrix: open(),
      child_variations: nullable(arrayOf(open())),
      child_option_ids: nullable(arrayOf(string())),
      component_products: open({}, [], { additionalProperties: open({ price: currencies, display_price: displayPrice, pricebook_id: nullable(string()) }) }),
      language: string(),
    }),
  },
  ['id', 'type', 'attributes'],
);

const file = open({
  id: uuid(),
  type: string(),
  file_name: string(),
  mime_type: string(),
  file_size: integer(),
  public: boolean(),
  meta: open({ timestamps: open({ created_at: string() }), dimensions: open({ width: integer(), height: integer() }) }),
  links: open({ self: string() }),
  link: open({ href: string() }),
});

export const SHOPPER_CATALOG_SCHEMAS = defineSchemas({
  CatalogHierarchy: hierarchy,
  CatalogNode: node,
  CatalogProduct: product,
  CatalogFile: file,
  CatalogProductReference: productReference,
});

const S = SHOPPER_CATALOG_SCHEMAS;

const INCLUDED = closed(
  { main_images: arrayOf(ref(S.CatalogFile)), files: arrayOf(ref(S.CatalogFile)), component_products: arrayOf(ref(S.CatalogProduct)) },
  ['main_images', 'files', 'component_products'],
);

const PAGE_META = closed({ page: ref(WIRE.PageInfo), results: ref(WIRE.ResultCounts) });

/** `{data: [...], included?, meta, links}` of a catalog list. */
function listDocument(item: string, withIncluded: boolean): JsonSchema {
  return closed({ data: arrayOf(ref(item)), ...(withIncluded ? { included: ref('CatalogIncluded') } : {}), meta: PAGE_META, links: ref(WIRE.PageLinks) }, ['included']);
}

export const SHOPPER_CATALOG_DOCUMENTS = defineSchemas({
  CatalogIncluded: INCLUDED,
  CatalogViewReleaseDocument: closed({ data: ref(RELEASE_SCHEMAS.CatalogRelease) }),
  CatalogHierarchyDocument: closed({ data: ref(S.CatalogHierarchy) }),
  CatalogHierarchyList: listDocument(S.CatalogHierarchy, false),
  CatalogNodeDocument: closed({ data: ref(S.CatalogNode) }),
  CatalogNodeList: listDocument(S.CatalogNode, false),
  CatalogProductDocument: closed({ data: ref(S.CatalogProduct), included: ref('CatalogIncluded') }, ['included']),
  CatalogProductList: listDocument(S.CatalogProduct, true),
  CatalogProductReferenceList: listDocument(S.CatalogProductReference, false),
});
