import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseSync } from 'vite';

const SOURCE = /\.(ts|tsx)$/;
/** "issue" or "issues", any case, then a number (with or without "#"). */
const ISSUE_REFERENCE = /\bissues? #?\d+/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Comments of one module that name a tracker issue, as `file:line` with the words found. */
export function issueCommentsOf(code: string, file: string): string[] {
  const { comments } = parseSync(file, code);
  return comments.flatMap((c) => {
    const found = ISSUE_REFERENCE.exec(c.value);
    if (!found) return [];
    const line = code.slice(0, c.start + found.index).split('\n').length;
    return [
      `${file}:${line} comment names '${found[0]}': say why the code is so, not which issue asked for it`,
    ];
  });
}

/** Every comment under the `roots` folders of `repo` that names a tracker issue. */
export function issueCommentErrors(repo: string, roots: string[]): string[] {
  return roots.flatMap((root) =>
    sourceFiles(resolve(repo, root)).flatMap((path) =>
      issueCommentsOf(readFileSync(path, 'utf8'), relative(repo, path).split(sep).join('/')),
    ),
  );
}
