import { ArrayMaxSize, IsArray, IsBoolean, IsString, IsUUID, MaxLength } from 'class-validator';
import { BodyId, NestedObject, OptionalObject } from '../../common/validation/body-members';
import { Nullable } from '../../common/validation/nullable';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';
import { PrioritizedPricebookDto, PrioritizedPricebooks } from '../prioritized-pricebooks';

/** A catalog names at most this many hierarchies. */
export const MAX_CATALOG_HIERARCHIES = 100;

/** A catalog's `attributes` on create: `name` and `hierarchy_ids` are required. */
export class CatalogAttributesDto {
  @RequiredText()
  name: string;

  @Nullable()
  @IsString()
  @MaxLength(1000)
  description?: string | null;

  @IsArray()
  @ArrayMaxSize(MAX_CATALOG_HIERARCHIES)
  @IsUUID('all', { each: true })
  hierarchy_ids: string[];

  @OptionalNotNull()
  @IsUUID()
  pricebook_id?: string;

  @PrioritizedPricebooks()
  pricebook_ids?: PrioritizedPricebookDto[];

  @OptionalObject()
  locales?: Record<string, { name?: string; description?: string }>;

  @OptionalNotNull()
  @IsBoolean()
  enable_price_segmentation?: boolean;
}

/** The attributes to change; `null` clears `description`, `pricebook_id`, `pricebook_ids` and `locales`. */
export class UpdateCatalogAttributesDto {
  @OptionalNotNull()
  @RequiredText()
  name?: string;

  @Nullable()
  @IsString()
  @MaxLength(1000)
  description?: string | null;

  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_CATALOG_HIERARCHIES)
  @IsUUID('all', { each: true })
  hierarchy_ids?: string[];

  @Nullable()
  @IsUUID()
  pricebook_id?: string | null;

  @Nullable()
  @PrioritizedPricebooks()
  pricebook_ids?: PrioritizedPricebookDto[] | null;

  @Nullable()
  @OptionalObject()
  locales?: Record<string, { name?: string; description?: string }> | null;

  @OptionalNotNull()
  @IsBoolean()
  enable_price_segmentation?: boolean;
}

/** `POST /catalogs`. */
export class CreateCatalogDto {
  @ResourceType('catalog')
  type?: string;

  @NestedObject(() => CatalogAttributesDto)
  attributes: CatalogAttributesDto;
}

/** `PUT /catalogs/:id`: the attributes to change. */
export class UpdateCatalogDto {
  @ResourceType('catalog')
  type?: string;

  /** When given it must be the path's. */
  @BodyId()
  id?: string;

  @NestedObject(() => UpdateCatalogAttributesDto)
  attributes: UpdateCatalogAttributesDto;
}
