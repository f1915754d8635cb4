import { finishedWireParts, jsonArrayParts, registerWireFinisher, resourceSections } from './wire-format';

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
