import { UnprocessableError } from '../../common/errors/api-error';
import { MAX_QUANTITY } from '../../common/money/limits';

/** A bundle's component as a release shows it (`attributes.components`). */
export interface ReleasedComponent {
  name?: string;
  min?: number;
  max?: number;
  options?: { id: string; quantity?: number; min?: number; max?: number; default?: boolean }[];
}

/** `{component key: {option product id: quantity}}`. */
export type SelectedOptions = Record<string, Record<string, number>>;

const refuse = (detail: string) => new UnprocessableError('Invalid bundle configuration', detail, 'data.bundle_configuration.selected_options');

/**
 * The options a bundle is added with: those selected (checked against its components: known components and
 * options, each option's quantity within its min and max, each component's count of options within its min and
 * max), or, when none are sent, each component's default options (all of them for a component that sets no
 * min or max).
 */
export function bundleSelection(components: Record<string, ReleasedComponent>, selected: unknown): SelectedOptions {
  const chosen = selected === undefined ? defaults(components) : parse(selected);
  for (const key of Object.keys(chosen)) {
    if (!components[key]) throw refuse(`The bundle has no component ${key}; its components are ${Object.keys(components).join(', ') || 'none'}`);
  }
  for (const [key, component] of Object.entries(components)) {
    const options = chosen[key] ?? {};
    for (const [id, quantity] of Object.entries(options)) {
      const option = (component.options ?? []).find((o) => o.id === id);
      if (!option) throw refuse(`Component ${key} has no option ${id}`);
      if (quantity < (option.min ?? 1) || (option.max !== undefined && quantity > option.max)) {
        throw refuse(`Option ${id} of component ${key} is selected ${quantity} times; it may be selected ${option.min ?? 1} to ${option.max ?? MAX_QUANTITY} times`);
      }
    }
    const count = Object.keys(options).length;
    const min = component.min ?? (component.max === undefined ? (component.options ?? []).length : 0);
    const max = component.max ?? (component.min === undefined ? (component.options ?? []).length : Infinity);
    if (count < min || count > max) {
      const range = max === Infinity ? `at least ${min}` : min === max ? `${min}` : `${min} to ${max}`;
      throw refuse(`Component ${key} needs ${range} of its options selected; ${count} ${count === 1 ? 'is' : 'are'}`);
    }
  }
  return Object.fromEntries(Object.entries(chosen).filter(([, options]) => Object.keys(options).length > 0));
}

function defaults(components: Record<string, ReleasedComponent>): SelectedOptions {
  const out: SelectedOptions = {};
  for (const [key, component] of Object.entries(components)) {
    const options = component.options ?? [];
    const marked = options.filter((o) => o.default === true);
    const picked = marked.length ? marked : component.min === undefined && component.max === undefined ? options : [];
    out[key] = Object.fromEntries(picked.map((o) => [o.id, o.quantity ?? 1]));
  }
  return out;
}

function parse(selected: unknown): SelectedOptions {
  if (typeof selected !== 'object' || selected === null || Array.isArray(selected)) throw refuse('selected_options must be an object of components');
  const out: SelectedOptions = {};
  for (const [key, options] of Object.entries(selected)) {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) throw refuse(`Component ${key} must be {"<product id>": <quantity>}`);
    out[key] = {};
    for (const [id, quantity] of Object.entries(options as Record<string, unknown>)) {
      if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
        throw refuse(`Option ${id} of component ${key} must be selected a whole number of times from 1 to ${MAX_QUANTITY}`);
      }
      out[key][id.toLowerCase()] = quantity;
    }
  }
  return out;
}
