import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, IsUUID, Max, Min } from 'class-validator';
import { Nullable } from '../../../common/validation/nullable';
import { OptionalNotNull } from '../../../common/validation/optional-not-null';
import { PartialNotNull } from '../../../common/validation/partial-not-null';
import { ResourceType } from '../../../common/validation/text-field';
import { HierarchyAttributesDto } from './hierarchy.dto';
import { BodyId, NestedObject } from '../../../common/validation/body-members';

/** Elastic Path: "You can only curate 20 products or less." */
export const MAX_CURATED_PRODUCTS = 20;

/** A node's `attributes`: a hierarchy's, and the products it curates. */
export class NodeAttributesDto extends HierarchyAttributesDto {
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_CURATED_PRODUCTS)
  @IsUUID('all', { each: true })
  curated_products?: string[];
}

export class UpdateNodeAttributesDto extends PartialNotNull(NodeAttributesDto) {}

/** `meta.sort_order`: higher first among siblings; null clears it. */
export class NodeMetaDto {
  @Nullable()
  @IsInt()
  @Min(-2147483648)
  @Max(2147483647)
  sort_order?: number | null;
}

/** `{"type":"node","id":…}`. */
export class NodeReferenceDto {
  @IsIn(['node'])
  type: string;

  @IsString()
  @IsUUID()
  id: string;
}

export class ParentRelationshipDto {
  @NestedObject(() => NodeReferenceDto)
  data: NodeReferenceDto;
}

export class NodeRelationshipsDto {
  @OptionalNotNull()
  @NestedObject(() => ParentRelationshipDto)
  parent?: ParentRelationshipDto;
}

/** `POST /pcm/hierarchies/:id/nodes`: a parent may be named at once. */
export class CreateNodeDto {
  @ResourceType('node')
  type?: string;

  @NestedObject(() => NodeAttributesDto)
  attributes: NodeAttributesDto;

  @OptionalNotNull()
  @NestedObject(() => NodeMetaDto)
  meta?: NodeMetaDto;

  @OptionalNotNull()
  @NestedObject(() => NodeRelationshipsDto)
  relationships?: NodeRelationshipsDto;
}

/** `PUT /pcm/hierarchies/:id/nodes/:nodeId`. */
export class UpdateNodeDto {
  @ResourceType('node')
  type?: string;

  @BodyId()
  id?: string;

  @OptionalNotNull()
  @NestedObject(() => UpdateNodeAttributesDto)
  attributes?: UpdateNodeAttributesDto;

  @OptionalNotNull()
  @NestedObject(() => NodeMetaDto)
  meta?: NodeMetaDto;
}

/** `PUT …/nodes/:nodeId/relationships/parent`: `{"data":{"type":"node","id":…}}`. */
export class NodeParentDto extends NodeReferenceDto {}
