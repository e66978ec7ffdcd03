import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseAst } from 'vite';

/** One relative import of a file inside a feature folder. */
export interface FeatureImport {
  /** Importing file, relative to the repository. */
  file: string;
  /** The specifier as written. */
  specifier: string;
  from: string;
  to: string;
  /** True when it names a file inside the other feature instead of the feature (its index). */
  deep: boolean;
}

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every string specifier a module imports or re-exports, dynamic `import('…')` included. */
export function specifiersOf(code: string, file: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as { type?: string; source?: { type?: string; value?: unknown } };
    const isImport =
      n.type === 'ImportDeclaration' ||
      n.type === 'ExportNamedDeclaration' ||
      n.type === 'ExportAllDeclaration' ||
      n.type === 'ImportExpression';
    if (isImport && n.source?.type === 'Literal' && typeof n.source.value === 'string')
      found.push(n.source.value);
    for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file));
  return found;
}

/**
 * The cross-feature imports of the feature folders under `root` (each child folder is a feature).
 * A feature may import another only as `../<feature>` (its index.ts); anything deeper is `deep`.
 */
export function featureImports(repo: string, root: string): FeatureImport[] {
  const rootDir = resolve(repo, root);
  const features = readdirSync(rootDir).filter((f) => statSync(join(rootDir, f)).isDirectory());
  const result: FeatureImport[] = [];
  for (const from of features) {
    for (const path of sourceFiles(join(rootDir, from))) {
      for (const specifier of specifiersOf(readFileSync(path, 'utf8'), path)) {
        if (!specifier.startsWith('.')) continue;
        const inRoot = relative(rootDir, resolve(dirname(path), specifier)).split(sep);
        const [to, ...rest] = inRoot;
        if (to === '..' || !features.includes(to) || to === from) continue;
        const deep = rest.length > 1 || (rest.length === 1 && !/^index(\.tsx?)?$/.test(rest[0]));
        result.push({ file: relative(repo, path), specifier, from, to, deep });
      }
    }
  }
  return result;
}

/** One message per deep import: file, specifier and what to write instead. */
export function deepImportErrors(imports: FeatureImport[]): string[] {
  return imports
    .filter((i) => i.deep)
    .map(
      (i) =>
        `${i.file} imports '${i.specifier}', a file inside feature '${i.to}': export it from ${i.to}/index.ts and import the feature folder instead`,
    );
}

/**
 * One message per group of features that import each other in a circle (a strongly connected
 * component of the feature graph), naming one import for each step of a cycle through it.
 */
export function cycleErrors(imports: FeatureImport[]): string[] {
  const edges = new Map<string, Map<string, FeatureImport>>();
  for (const i of imports) {
    const out = edges.get(i.from) ?? new Map<string, FeatureImport>();
    if (!out.has(i.to)) out.set(i.to, i);
    edges.set(i.from, out);
  }
  const next = (f: string) => [...(edges.get(f)?.keys() ?? [])].sort();
  const reaches = (a: string, b: string) => {
    const seen = new Set([a]);
    for (const queue = [a]; queue.length > 0; ) {
      for (const n of next(queue.shift()!)) {
        if (n === b) return true;
        if (seen.has(n)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    return false;
  };
  const features = [...new Set(imports.flatMap((i) => [i.from, i.to]))].sort();
  const placed = new Set<string>();
  const errors: string[] = [];
  for (const start of features) {
    if (placed.has(start) || !reaches(start, start)) continue;
    const group = features.filter((f) => f === start || (reaches(start, f) && reaches(f, start)));
    for (const f of group) placed.add(f);
    // shortest way round from `start` back to itself, by breadth-first search
    const parent = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0 && !parent.has(start)) {
      const at = queue.shift()!;
      for (const n of next(at)) {
        if (parent.has(n)) continue;
        parent.set(n, at);
        queue.push(n);
      }
    }
    const cycle = [start];
    for (let at = parent.get(start)!; at !== start; at = parent.get(at)!) cycle.unshift(at);
    cycle.unshift(start);
    const steps = cycle.slice(0, -1).map((f, k) => {
      const edge = edges.get(f)!.get(cycle[k + 1])!;
      return `${edge.file} imports '${edge.specifier}'`;
    });
    errors.push(
      `import cycle between features ${cycle.join(' → ')} (features in this circle: ${group.join(', ')}): ${steps.join('; ')}`,
    );
  }
  return errors;
}
