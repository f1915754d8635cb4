import type { Type } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';

/**
 * Every field of `dto` optional, for a partial update. Validation and OpenAPI metadata are inherited, and a field
 * that is not `@Nullable()` still refuses `null` (PartialType's default, `@IsOptional()`, would let it through).
 */
export function PartialNotNull<T>(dto: Type<T>): Type<Partial<T>> {
  return PartialType(dto, { skipNullProperties: false });
}
