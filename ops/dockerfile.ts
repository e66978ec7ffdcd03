/**
 * Performs a Dockerfile's stages in a folder, without docker: each stage gets a folder standing for
 * its file system; FROM names it, WORKDIR, ENV, COPY (from the build context, filtered by
 * .dockerignore, or --from an earlier stage) and RUN (sh -c, in the stage's WORKDIR, with its ENV)
 * are carried out in order. The base image's files are not there: its Node is this machine's
 * (process.execPath), its npm the one on PATH. An instruction this runner does not know stops it, so
 * the recipe cannot grow a step the test skips.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';

export interface Stage {
  name: string;
  /** Folder standing for the stage's `/`. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  /** CMD / HEALTHCHECK CMD in exec form. */
  cmd?: string[];
  healthcheck?: string[];
}

interface Instruction {
  op: string;
  args: string;
}

/** The instructions of a Dockerfile, continuation lines joined, comments dropped. */
export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = pending + line;
    pending = '';
    const m = /^(\w+)\s+(.*)$/.exec(full);
    if (!m) throw new Error(`Dockerfile: cannot read "${full}"`);
    out.push({ op: m[1].toUpperCase(), args: m[2].trim() });
  }
  return out;
}

/** The top-level names .dockerignore leaves out of the build context (only plain names and `*.ext` are allowed). */
export function readDockerignore(file: string): (name: string) => boolean {
  if (!existsSync(file)) return () => false;
  const patterns = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const tests = patterns.map((p) => {
    if (/^[\w.-]+$/.test(p)) return (name: string) => name === p;
    if (/^\*\.[\w]+$/.test(p)) return (name: string) => name.endsWith(p.slice(1));
    throw new Error(`.dockerignore: "${p}" is not a top-level name or *.ext (this runner reads only those)`);
  });
  return (name) => tests.some((t) => t(name));
}

export interface RunOptions {
  context: string;
  into: string;
  /** Environment every RUN starts from (PATH and the like; the stage's ENV is added). */
  baseEnv: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

/** Runs every stage in order; returns them by name. */
export async function runDockerfile(dockerfile: string, opts: RunOptions): Promise<Map<string, Stage>> {
  const ignored = readDockerignore(join(opts.context, '.dockerignore'));
  const stages = new Map<string, Stage>();
  let stage: Stage | undefined;
  const inStage = (p: string, s: Stage) => join(s.root, isAbsolute(p) ? p : join(s.workdir, p));
  for (const { op, args } of parseDockerfile(readFileSync(dockerfile, 'utf8'))) {
    if (op === 'FROM') {
      const m = /^\S+\s+AS\s+(\S+)$/i.exec(args);
      if (!m) throw new Error(`FROM ${args}: name the stage (AS name)`);
      stage = { name: m[1], root: join(opts.into, m[1]), workdir: '/', env: {} };
      mkdirSync(stage.root, { recursive: true });
      stages.set(stage.name, stage);
      opts.log(`[${stage.name}] FROM ${args}`);
      continue;
    }
    if (!stage) throw new Error(`${op} before FROM`);
    const s = stage;
    opts.log(`[${s.name}] ${op} ${args}`);
    switch (op) {
      case 'WORKDIR':
        s.workdir = isAbsolute(args) ? args : join(s.workdir, args);
        mkdirSync(join(s.root, s.workdir), { recursive: true });
        break;
      case 'ENV': {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(args);
        if (!m) throw new Error(`ENV ${args}: write one NAME=value a line`);
        s.env[m[1]] = m[2];
        break;
      }
      case 'COPY':
        copy(args, s, stages, opts.context, ignored, inStage);
        break;
      case 'RUN':
        await sh(args, join(s.root, s.workdir), { ...opts.baseEnv, ...hostEnv(s) }, opts.log);
        break;
      case 'USER':
        s.user = args;
        break;
      case 'CMD':
        s.cmd = JSON.parse(args);
        break;
      case 'HEALTHCHECK': {
        const m = /\bCMD\s+(\[.*\])$/.exec(args);
        if (!m) throw new Error('HEALTHCHECK: use CMD in exec form');
        s.healthcheck = JSON.parse(m[1]);
        break;
      }
      case 'EXPOSE':
      case 'VOLUME':
      case 'STOPSIGNAL':
        break;
      default:
        throw new Error(`Dockerfile: ${op} is not carried out by ops/dockerfile.ts; teach it first`);
    }
  }
  return stages;
}

/** The stage's ENV as this machine sees it: absolute paths moved into the stage's folder. */
export function hostEnv(s: Stage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(s.env).map(([k, v]) => [k, v.startsWith('/') ? join(s.root, v) : v]),
  );
}

function copy(
  args: string,
  s: Stage,
  stages: Map<string, Stage>,
  context: string,
  ignored: (name: string) => boolean,
  inStage: (p: string, s: Stage) => string,
) {
  const words = args.split(/\s+/);
  let from: Stage | undefined;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift()!;
    const m = /^--from=(.+)$/.exec(flag);
    if (m) {
      from = stages.get(m[1]);
      if (!from) throw new Error(`COPY ${flag}: no stage ${m[1]} before`);
    } else if (!/^--chown=/.test(flag)) throw new Error(`COPY ${flag}: not carried out here`);
  }
  const dest = words.pop()!;
  const target = inStage(dest, s);
  for (const src of words) {
    const source = from ? inStage(src, from) : join(context, src);
    if (!from) {
      const top = relative(context, source).split('/')[0];
      if (ignored(top)) throw new Error(`COPY ${src}: left out of the build context by .dockerignore`);
    }
    if (!existsSync(source)) throw new Error(`COPY ${src}: not found`);
    const to = dest.endsWith('/') ? join(target, src.split('/').pop()!) : target;
    mkdirSync(dirname(to), { recursive: true });
    cpSync(source, to, {
      recursive: true,
      filter: (p) => from !== undefined || !ignored(relative(context, p).split('/')[0] ?? ''),
    });
  }
}

function sh(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (b: Buffer) => {
      tail = (tail + b.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) return resolve();
      log(tail);
      reject(new Error(`RUN ${command}: exit code ${code}\n${tail}`));
    });
  });
}
