import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { issueCommentErrors, issueCommentsOf } from './issue-comments';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('comments say why, not which issue', () => {
  it('no comment under src/, e2e/, scripts/ or bench/ names a tracker issue', () => {
    expect(issueCommentErrors(repo, ['src', 'e2e', 'scripts', 'bench'])).toEqual([]);
  });
});

describe('the issue-comment check itself', () => {
  it('names the file and line of each comment naming an issue, in line and block comments', () => {
    const code = [
      "import { x } from './x';",
      '// the list in one statement (issue 17)',
      'export const a = x;',
      '/**',
      ' * Act-as for support.',
      ' * Issue 13 item 2: never a super admin.',
      ' */',
      'export const b = <p>{/* see issues 4 */}</p>;',
    ].join('\n');
    expect(issueCommentsOf(code, 'src/web/a.tsx')).toEqual([
      "src/web/a.tsx:2 comment names 'issue 17': say why the code is so, not which issue asked for it",
      "src/web/a.tsx:6 comment names 'Issue 13': say why the code is so, not which issue asked for it",
      "src/web/a.tsx:8 comment names 'issues 4': say why the code is so, not which issue asked for it",
    ]);
  });

  it('leaves strings and comments without an issue number alone', () => {
    const code = [
      "export const url = 'https://example.com/issue 12'; // a known issue with the LMS",
      "export const text = '// issue 12';",
    ].join('\n');
    expect(issueCommentsOf(code, 'src/a.ts')).toEqual([]);
  });
});
