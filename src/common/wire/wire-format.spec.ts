import { Prisma } from '../../generated/prisma/client';
import { computed, constant, field, finishedWireParts, jsonArrayParts, nested, type Presented, registerWireFinisher, relationshipTo, resourceSections, timestampsMember, wireFormat } from './wire-format';

registerWireFinisher('twice', (n: number) => n * 2);
const marker = (n: number) => `\x01twice\x02[${n}]\x01`;

describe('finishedWireParts', () => {
  it('is the text itself when it has no marker', () => {
    expect(finishedWireParts('{"a":1}')).toEqual(['{"a":1}']);
  });

  it("swaps each marker for the JSON of its finisher's answer, the text between kept as it is", () => {
    expect(finishedWireParts(`[${marker(1)},"é",${marker(2)}${marker(3)}]`).join('')).toBe('[2,"é",46]');
  });

  it('finishes a marker seen before from what it answered then', () => {
    let calls = 0;
    registerWireFinisher('counted', (n: number) => (calls++, n + 1));
    const counted = `\x01counted\x02[41]\x01`;
    expect(finishedWireParts(`[${counted},${counted}]`).join('')).toBe('[42,42]');
    expect(finishedWireParts(counted).join('')).toBe('42');
    expect(calls).toBe(1);
  });

  it('refuses an unknown finisher and an unterminated marker', () => {
    expect(() => finishedWireParts('\x01nope\x02[]\x01')).toThrow(/nope/);
    expect(() => finishedWireParts('\x01twice\x02[1]')).toThrow(/Unterminated/);
  });
});

describe('jsonArrayParts', () => {
  it('writes the resources as one JSON array, in order, each finished', () => {
    expect(jsonArrayParts([]).join('')).toBe('[]');
    expect(jsonArrayParts([`{"n":${marker(1)}}`]).join('')).toBe('[{"n":2}]');
    expect(jsonArrayParts([`${marker(2)}`, '{"b":"é"}', `[${marker(3)}]`]).join('')).toBe('[4,{"b":"é"},[6]]');
  });
});

describe('resourceSections', () => {
  it('groups the JSON of each section in row order and lists every resource shown, skipping rows without JSON', () => {
    const rows = [
      { section: 0, json: null, shown: null },
      { section: 1, json: '{"id":"p1"}', shown: 'product:p1' },
      { section: 1, json: '{"id":"p2"}', shown: 'product:p2' },
      { section: 3, json: '{"id":"f1"}', shown: 'file:f1' },
    ];
    expect(resourceSections(rows, 4)).toEqual({ sections: [[], ['{"id":"p1"}', '{"id":"p2"}'], [], ['{"id":"f1"}']], shown: ['product:p1', 'product:p2', 'file:f1'] });
  });
});

describe('wireFormat: one declaration gives the object, its schema, its type and its list fields', () => {
  interface Row {
    id: string;
    name: string;
    taxCode: string | null;
    parentId: string | null;
    createdAt: Date;
    updatedAt: Date;
  }
  const FORMAT = wireFormat<Row>()([
    constant('type', 'thing'),
    field('id', 'id', { type: 'string', format: 'uuid' }, { filter: ['eq'], sortable: true }),
    field('name', 'name', { type: 'string' }, { filter: ['like'] }),
    field('tax-code', 'taxCode', { type: 'string' }, { nullable: true }),
    relationshipTo('parent', 'thing', 'parent_id', (r) => r.parentId),
    nested('meta', wireFormat<Row>()([timestampsMember()])),
  ]);
  const row: Row = { id: 'a', name: 'A', taxCode: null, parentId: null, createdAt: new Date(0), updatedAt: new Date(0) };

  it('presents a row, leaving out what is undefined, typed as the members say', () => {
    const presented: Presented<typeof FORMAT> = FORMAT.present(row);
    expect(presented).toEqual({ type: 'thing', id: 'a', name: 'A', 'tax-code': null, meta: { timestamps: { created_at: '1970-01-01T00:00:00.000Z', updated_at: '1970-01-01T00:00:00.000Z' } } });
    // @ts-expect-error: a member the format does not declare
    expect(presented.colour).toBeUndefined();
  });

  it('writes the closed schema: members in order, the ones that may be left out not required', () => {
    const schema = FORMAT.schema({ example: {} }) as { required: string[]; properties: Record<string, unknown>; additionalProperties: boolean; example: unknown };
    expect(Object.keys(schema.properties)).toEqual(['type', 'id', 'name', 'tax-code', 'parent', 'meta']);
    expect(schema.required).toEqual(['type', 'id', 'name', 'tax-code', 'meta']);
    expect(schema.properties['tax-code']).toEqual({ type: ['string', 'null'] });
    expect(schema.properties.type).toEqual({ type: 'string', const: 'thing' });
    expect(schema.additionalProperties).toBe(false);
    expect(schema.example).toEqual({});
  });

  it('lists the members declared filterable or sortable, then the others given', () => {
    const spec = FORMAT.listSpec({ defaultSort: 'id', more: { created_at: { column: 'createdAt', type: 'datetime', sortable: true } } });
    expect(spec.fields).toEqual({
      id: { column: 'id', type: 'uuid', ops: ['eq'], sortable: true },
      name: { column: 'name', type: 'string', ops: ['like'] },
      created_at: { column: 'createdAt', type: 'datetime', sortable: true },
    });
  });

  it('lists the fields named in `order` first, in that order, and refuses one not declared', () => {
    const more = { created_at: { column: 'createdAt', type: 'datetime' as const, sortable: true } };
    expect(Object.keys(FORMAT.listSpec({ defaultSort: 'id', more, order: ['created_at', 'name'] }).fields)).toEqual(['created_at', 'name', 'id']);
    expect(() => FORMAT.listSpec({ defaultSort: 'id', order: ['nothing'] })).toThrow(/nothing is ordered but not declared/);
  });

  it('refuses a schema when a member declares none', () => {
    const bare = wireFormat<Row>()([computed('x', () => 1, () => Prisma.sql`1`)]);
    expect(() => bare.schema()).toThrow(/x declares no schema/);
  });
});
