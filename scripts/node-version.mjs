/**
 * The Node.js version check of every start: package.json's "engines" (">=22.12") against the running
 * Node. An older Node stops with one line instead of a crash somewhere in the start (Node 20 has no
 * module.enableCompileCache, for one). Written for any Node: no syntax or API newer than Node 12.
 */
import { readFileSync } from 'node:fs';

/**
 * The message for a Node older than `engines` (a ">=MAJOR.MINOR[.PATCH]" range), or null when `version` is new enough.
 * @param {string} engines
 * @param {string} version like "v20.20.2"
 * @param {string} [execPath]
 * @returns {string | null}
 */
export function nodeTooOld(engines, version, execPath = '') {
  const want = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (!want) throw new Error(`package.json engines.node: expected ">=X.Y", got "${engines}"`);
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const w = Number(want[i + 1] ?? 0);
    if ((have[i] ?? 0) > w) return null;
    if ((have[i] ?? 0) < w) {
      const where = execPath ? ` (${execPath})` : '';
      return `courseware-admin needs Node.js ${engines.trim()}; this is Node.js ${version}${where}. Install a newer Node.js and start again.`;
    }
  }
  return null;
}

/**
 * Stops the process with one line on stderr (exit code 1) when this Node is older than the
 * "engines" of the package.json at `packageJson`.
 * @param {URL | string} packageJson
 */
export function requireSupportedNode(packageJson) {
  const engines = JSON.parse(readFileSync(packageJson, 'utf8')).engines?.node;
  const message = engines ? nodeTooOld(engines, process.version, process.execPath) : null;
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
