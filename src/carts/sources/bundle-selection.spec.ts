import { ApiError } from '../../common/errors/api-error';
import { bundleSelection, ReleasedComponent } from './bundle-selection';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const components: Record<string, ReleasedComponent> = {
  mugs: { name: 'Mugs', min: 1, max: 2, options: [{ id: A, quantity: 1, default: true }, { id: B, quantity: 1 }, { id: C, quantity: 1, max: 3 }] },
  lid: { name: 'Lid', options: [{ id: B, quantity: 2 }] },
};

function refusal(selected: unknown): string {
  try {
    bundleSelection(components, selected);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    return (error as ApiError).detail;
  }
  throw new Error('accepted');
}

describe('a bundle selection', () => {
  it('takes the default options when none are sent, and every option of a component with no min or max', () => {
    expect(bundleSelection(components, undefined)).toEqual({ mugs: { [A]: 1 }, lid: { [B]: 2 } });
  });

  it('accepts a selection within the min and max of each component and option', () => {
    expect(bundleSelection(components, { mugs: { [B]: 1, [C]: 3 }, lid: { [B]: 2 } })).toEqual({ mugs: { [B]: 1, [C]: 3 }, lid: { [B]: 2 } });
  });

  it('refuses unknown components and options, counts out of range, and malformed quantities', () => {
    expect(refusal({ cups: { [A]: 1 }, lid: { [B]: 2 } })).toContain('no component cups');
    expect(refusal({ mugs: { [B]: 1, '00000000-0000-4000-8000-0000000000ff': 1 }, lid: { [B]: 2 } })).toContain('has no option');
    expect(refusal({ mugs: { [A]: 1, [B]: 1, [C]: 1 }, lid: { [B]: 2 } })).toContain('needs 1 to 2');
    expect(refusal({ mugs: {}, lid: { [B]: 2 } })).toContain('needs 1 to 2');
    expect(refusal({ mugs: { [C]: 4 }, lid: { [B]: 2 } })).toContain('1 to 3 times');
    expect(refusal({ mugs: { [A]: 0 }, lid: { [B]: 2 } })).toContain('whole number');
    expect(refusal({ mugs: { [A]: 1 } })).toContain('Component lid needs 1');
    expect(refusal([])).toContain('must be an object');
  });
});
