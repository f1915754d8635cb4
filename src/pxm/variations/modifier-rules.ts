import { UnprocessableError } from '../../common/errors/api-error';
import { SLUG_PATTERN } from '../products/dto/product.dto';
import { COMMODITY_TYPES, PRODUCT_STATUSES } from '../products/product.wire';
import type { ModifierType } from './variation.wire';

export interface ModifierText {
  type: ModifierType;
  value: string | null;
  seek: string | null;
  set: string | null;
}

const BUILDERS: readonly ModifierType[] = ['sku_builder', 'slug_builder'];
const SLUG_TYPES: readonly ModifierType[] = ['slug_equals', 'slug_append', 'slug_prepend'];

/** A builder takes `seek` and `set`, every other modifier a `value` that suits what it changes: else 422. */
export function checkModifier(m: ModifierText): void {
  const fail = (detail: string, member: string) => {
    throw new UnprocessableError('Failed Validation', detail, `data.attributes.${member}`);
  };
  if (BUILDERS.includes(m.type)) {
    if (m.seek === null || m.seek === '') fail(`${m.type} needs seek, the text to replace`, 'seek');
    if (m.set === null) fail(`${m.type} needs set, the text that replaces seek`, 'set');
    if (m.value !== null) fail(`${m.type} takes seek and set, not value`, 'value');
    if (m.type === 'slug_builder' && m.set !== '' && !SLUG_PATTERN.test(m.set!)) fail('set may hold only A-Z, a-z, 0-9, hyphen, underscore and period', 'set');
    return;
  }
  if (m.value === null) fail(`${m.type} needs a value`, 'value');
  if (m.seek !== null || m.set !== null) fail(`${m.type} takes a value, not seek and set`, m.seek !== null ? 'seek' : 'set');
  if (SLUG_TYPES.includes(m.type) && !SLUG_PATTERN.test(m.value!)) fail('A slug modifier may hold only A-Z, a-z, 0-9, hyphen, underscore and period', 'value');
  if (m.type === 'status' && !(PRODUCT_STATUSES as readonly string[]).includes(m.value!)) fail(`status must be one of ${PRODUCT_STATUSES.join(', ')}`, 'value');
  if (m.type === 'commodity_type' && !(COMMODITY_TYPES as readonly string[]).includes(m.value!)) fail(`commodity_type must be one of ${COMMODITY_TYPES.join(', ')}`, 'value');
}

/** The child product's members a build derives from its parent and its options' modifiers. */
export interface ChildAttributes {
  name: string;
  description: string;
  slug: string;
  sku: string | null;
  status: string;
  commodityType: string;
  upcEan: string | null;
  mpn: string | null;
  externalRef: string | null;
}

/**
 * Applies modifiers in order. A builder replaces every `seek` in the text with `set`. When no SKU modifier
 * applies, a child has no SKU (a SKU names one product); when no slug modifier applies, its slug is the
 * parent's followed by the option names, so that it is unique.
 */
export function applyModifiers(parent: ChildAttributes, optionNames: string[], modifiers: ModifierText[]): ChildAttributes {
  const child = { ...parent };
  let skuChanged = false;
  let slugChanged = false;
  const text = (current: string, m: ModifierText, kind: 'equals' | 'append' | 'prepend') =>
    kind === 'equals' ? m.value! : kind === 'append' ? current + m.value! : m.value! + current;
  for (const m of modifiers) {
    const [member, kind] = splitType(m.type);
    if (member === 'sku') {
      skuChanged = true;
      child.sku = kind === 'builder' ? (child.sku ?? '').split(m.seek!).join(m.set!) : text(child.sku ?? '', m, kind as 'equals');
    } else if (member === 'slug') {
      slugChanged = true;
      child.slug = kind === 'builder' ? child.slug.split(m.seek!).join(m.set!) : text(child.slug, m, kind as 'equals');
    } else if (member === 'name') child.name = text(child.name, m, kind as 'equals');
    else if (member === 'description') child.description = text(child.description, m, kind as 'equals');
    else if (m.type === 'status') child.status = m.value!;
    else if (m.type === 'commodity_type') child.commodityType = m.value!;
    else if (m.type === 'upc_ean_equals') child.upcEan = m.value!;
    else if (m.type === 'mpn_equals') child.mpn = m.value!;
    else if (m.type === 'external_ref_equals') child.externalRef = m.value!;
  }
  if (!skuChanged || child.sku === '') child.sku = null;
  if (!slugChanged) child.slug = [parent.slug, ...optionNames].join('-');
  return child;
}

function splitType(type: ModifierType): [string, 'equals' | 'append' | 'prepend' | 'builder' | ''] {
  const match = /^(name|description|sku|slug)_(equals|append|prepend|builder)$/.exec(type);
  return match ? [match[1], match[2] as 'equals'] : [type, ''];
}
