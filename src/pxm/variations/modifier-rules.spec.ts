import { applyModifiers, checkModifier, type ChildAttributes, type ModifierText } from './modifier-rules';

const parent: ChildAttributes = { name: 'Shirt', description: 'A shirt.', slug: 'shirt', sku: 'SHIRT-{C}', status: 'draft', commodityType: 'physical', upcEan: null, mpn: null, externalRef: null };
const m = (type: ModifierText['type'], value: string | null, seek: string | null = null, set: string | null = null): ModifierText => ({ type, value, seek, set });

describe('applyModifiers', () => {
  it('appends, prepends, sets and builds in the order given', () => {
    const child = applyModifiers(parent, ['Red', 'S'], [
      m('sku_builder', null, '{C}', 'RED'),
      m('sku_append', '-S'),
      m('slug_prepend', 'red-'),
      m('name_append', ' Red'),
      m('name_prepend', 'Small '),
      m('description_append', ' In red.'),
      m('status', 'live'),
      m('mpn_equals', 'MPN-1'),
    ]);
    expect(child).toEqual({ ...parent, name: 'Small Shirt Red', description: 'A shirt. In red.', slug: 'red-shirt', sku: 'SHIRT-RED-S', status: 'live', mpn: 'MPN-1' });
  });

  it('leaves a child without a SKU, and gives it the option names in its slug, when no modifier sets them', () => {
    expect(applyModifiers(parent, ['Red', 'S'], [m('name_equals', 'Red shirt')])).toMatchObject({ name: 'Red shirt', sku: null, slug: 'shirt-Red-S' });
  });
});

describe('checkModifier', () => {
  it('wants seek and set for a builder, a value for the others, and values that suit the member', () => {
    expect(() => checkModifier(m('sku_builder', null, '{C}', 'RED'))).not.toThrow();
    expect(() => checkModifier(m('sku_builder', 'x'))).toThrow(/seek/);
    expect(() => checkModifier(m('sku_append', null))).toThrow(/value/);
    expect(() => checkModifier(m('slug_append', 'a b'))).toThrow(/slug/);
    expect(() => checkModifier(m('status', 'archived'))).toThrow(/status/);
    expect(() => checkModifier(m('commodity_type', 'digital'))).not.toThrow();
  });
});
