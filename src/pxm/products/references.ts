import { ArrayMaxSize, IsArray, IsString, MaxLength, MinLength } from 'class-validator';
import { BadRequestError } from '../../common/errors/api-error';
import { OptionalNestedObject, ResourceIdentifier } from '../../common/validation/body-members';
import { DataListBody } from '../../common/validation/data-list-body.pipe';
import { OptionalNotNull } from '../../common/validation/optional-not-null';

/** At most this many files or products are named in one request. */
export const MAX_REFERENCES = 100;

/** What a relationships body names: files, products, or variations (`product-variation`). */
export type ReferenceType = 'file' | 'product' | 'product-variation';

export interface Reference {
  id: string;
  tags?: string[];
}

export class FileReferenceMetaDto {
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(255, { each: true })
  tags?: string[];
}

/** A file of `/v2/files` a PXM product is related to, with its tags. */
export class FileReferenceDto extends ResourceIdentifier('file', "a file's id") {
  @OptionalNestedObject(() => FileReferenceMetaDto)
  meta?: FileReferenceMetaDto;
}

/** A PXM product put into a node or taken out of it. */
export class ProductReferenceDto extends ResourceIdentifier('product', "a product's id") {}

/** A variation attached to a PXM product. */
export class ProductVariationReferenceDto extends ResourceIdentifier('product-variation', "a product-variation's id") {}

/** `{"data":[{"type":<type>,"id":…},…]}`, at most MAX_REFERENCES; a member the DTO does not declare is refused. */
const REFERENCES = { minItems: 0, maxItems: MAX_REFERENCES, closed: true };

/** `@FileReferencesBody() files`: the files of a relationships body; files may carry `meta.tags`. */
export const FileReferencesBody = () => DataListBody(FileReferenceDto, { ...REFERENCES, name: 'FileReferencesRequest' });
/** `@ProductReferencesBody() products`: the products of a node's relationships body. */
export const ProductReferencesBody = () => DataListBody(ProductReferenceDto, { ...REFERENCES, name: 'ProductReferencesRequest' });
/** `@VariationReferencesBody() variations`: the variations of a product's relationships body. */
export const VariationReferencesBody = () => DataListBody(ProductVariationReferenceDto, { ...REFERENCES, name: 'ProductVariationReferencesRequest' });

/** The references of a relationships body, ids in lower case; one named twice is a 400. */
export function referencesOf(given: readonly (FileReferenceDto | ProductReferenceDto | ProductVariationReferenceDto)[]): Reference[] {
  const seen = new Set<string>();
  return given.map((reference, i) => {
    const id = reference.id.toLowerCase();
    if (seen.has(id)) throw new BadRequestError(`data[${i}].id names a ${reference.type} twice`, `data[${i}].id`);
    seen.add(id);
    const tags = reference instanceof FileReferenceDto ? reference.meta?.tags : undefined;
    return tags !== undefined ? { id, tags } : { id };
  });
}
