import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The one boundary Biome cannot see (biome.jsonc keeps the rest: imports through a feature's
 * index.ts only, no file-level cycle): a circle between features whose files form no cycle, e.g.
 * a/x.ts → b (index) and b/y.ts → a (index).
 */

/** One import of a file inside a feature folder that names another feature. */
export interface FeatureImport {
  /** Importing file, relative to the repository. */
  file: string;
  specifier: string;
  from: string;
  to: string;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The cross-feature imports of the feature folders under `root` (each child folder is a feature). */
export function featureImports(repo: string, root: string): FeatureImport[] {
  const rootDir = resolve(repo, root);
  const features = readdirSync(rootDir).filter((f) => statSync(join(rootDir, f)).isDirectory());
  return features.flatMap((from) =>
    sourceFiles(join(rootDir, from)).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(SPECIFIER)].flatMap(([, specifier]) => {
        const [to] = relative(rootDir, resolve(dirname(path), specifier)).split(sep);
        return features.includes(to) && to !== from
          ? [{ file: relative(repo, path), specifier, from, to }]
          : [];
      }),
    ),
  );
}

/** One message per circle between features, naming one import for each step (depth-first search). */
export function cycleErrors(imports: FeatureImport[]): string[] {
  const edges = new Map<string, FeatureImport[]>();
  for (const i of imports) edges.set(i.from, [...(edges.get(i.from) ?? []), i]);
  const done = new Set<string>();
  const errors: string[] = [];
  const visit = (feature: string, path: FeatureImport[]) => {
    const start = path.findIndex((i) => i.from === feature);
    if (start >= 0) {
      const steps = path.slice(start);
      const names = [...steps.map((i) => i.from), feature].join(' → ');
      errors.push(
        `import cycle between features ${names}: ${steps.map((i) => `${i.file} imports '${i.specifier}'`).join('; ')}`,
      );
      return;
    }
    if (done.has(feature)) return;
    const seen = new Set<string>();
    for (const edge of edges.get(feature) ?? []) {
      if (seen.has(edge.to)) continue;
      seen.add(edge.to);
      visit(edge.to, [...path, edge]);
    }
    done.add(feature);
  };
  for (const feature of [...edges.keys()].sort()) visit(feature, []);
  return errors;
}
