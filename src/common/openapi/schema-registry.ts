import type { JsonSchema } from './json-schema';

const schemas = new Map<string, JsonSchema>();

/**
 * Adds named schemas to the document's `components.schemas`. Each module's `*.schema.ts` calls it once when it
 * is imported (its controller imports it), so the document holds exactly the schemas of the served modules.
 */
export function defineSchemas<T extends Record<string, JsonSchema>>(named: T): { [K in keyof T]: string } {
  const names = {} as { [K in keyof T]: string };
  for (const [name, schema] of Object.entries(named)) {
    const known = schemas.get(name);
    if (known && JSON.stringify(known) !== JSON.stringify(schema)) throw new Error(`Two different schemas named ${name}`);
    schemas.set(name, schema);
    (names as Record<string, string>)[name] = name;
  }
  return names;
}

export function definedSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries([...schemas.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
