import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The layering CONTRIBUTING.md describes, read from the import statements: `src/common` is a leaf that
 * imports no feature module (only `config/`, `prisma/` and the generated client below it), and no two
 * folders import each other, directly or around a loop. Each `src/common/<part>` counts as its own folder.
 */
const SRC = resolve(__dirname, '..');
const BELOW_COMMON = new Set(['config', 'prisma', 'generated']);

const inCommon = (folder: string) => folder === 'common' || folder.startsWith('common/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

function folderOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  if (parts.length === 1) return '.';
  return parts[0] === 'common' && parts.length > 2 ? `common/${parts[1]}` : parts[0];
}

function importedFile(from: string, specifier: string): string {
  const target = resolve(dirname(from), specifier);
  return existsSync(target) && statSync(target).isDirectory() ? join(target, 'index.ts') : `${target}.ts`;
}

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?(?:from\s+)?'(\.{1,2}\/[^']+)'/g)) {
      const to = folderOf(importedFile(file, match[1]));
      if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Strongly connected components with more than one folder: each is an import cycle. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('folder dependencies', () => {
  const graph = folderGraph();

  it('reads the imports (the graph is not empty)', () => {
    expect(graph.get('catalog')).toContain('common/list-query');
  });

  it('src/common imports no feature module', () => {
    const reaches = [...graph]
      .filter(([from]) => inCommon(from))
      .flatMap(([from, targets]) => [...targets].filter((t) => !inCommon(t) && !BELOW_COMMON.has(t)).map((t) => `${from} -> ${t}`));
    expect(reaches).toEqual([]);
  });

  it('no folders import each other', () => {
    expect(cycles(graph)).toEqual([]);
  });
});
