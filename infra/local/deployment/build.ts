/**
 * The twin's deployment artefacts (issue 10 item 1): the cloud assembly of the tenant stack,
 * synthesized by the stack's own code and bundling (./synth.ts in a child process), cached by a
 * hash of everything that shapes it, so an unchanged tree starts in seconds and a changed source
 * is rebuilt. The assembly lives outside the repository, beside a `node_modules` that holds only
 * what the Lambda runtime provides (`@aws-sdk/*`) plus the twin-only offline speech engine, so a
 * bundle that would need a package it does not carry fails here as it would in AWS.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../../paths';
import type { SynthRequest } from './synth';

/** Stack name of the twin's tenant (`-c tenant=local`). */
export const TWIN_TENANT = 'local';
export const TWIN_STACK_NAME = `DirectorIa-${TWIN_TENANT}`;

/** The stack name `cdk synth` gives the tenant of `context` (infra/tenant-stack.ts stackNameOf). */
const stackNameOf = (context: Record<string, unknown>): string => `DirectorIa-${String(context.tenant ?? TWIN_TENANT)}`;

/** What the build hashes: every input of the synth except the twin's own code. */
const HASHED_DIRS = ['lambdas', 'shared', 'infra'];
const HASHED_FILES = ['package-lock.json', 'cdk.json', 'tsconfig.json', path.join('infra', 'local', 'deployment', 'synth.ts')];
const UNHASHED = [path.join('infra', 'local')];
/** Packages the Lambda runtime provides (ours stay external in the bundles: node-function.ts). */
const RUNTIME_PACKAGES = ['@aws-sdk'];
/** Twin-only packages: eSpeak NG (offline speech, OFFLINE_TTS; GPL, never bundled into a Lambda). */
const TWIN_PACKAGES = ['text2wav'];
/** Assemblies kept in the cache (the newest ones). */
const KEEP = 3;

const SYNTH_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'synth.ts');

export interface BuildOptions {
  /** CDK context on top of cdk.json's (tenant and AI settings come from `twinContext`). */
  context: Record<string, unknown>;
  /** Where assemblies are cached; default a folder of the OS temp dir named after this checkout. */
  cacheDir?: string;
  log?: (line: string) => void;
}

export interface BuiltAssembly {
  /** The cloud assembly directory (template and asset.* folders). */
  dir: string;
  templatePath: string;
  /** Whether this call synthesized it (false: reused from the cache). */
  built: boolean;
  key: string;
}

/** The cache folder of this checkout (outside it, see the module header). */
export function defaultCacheDir(): string {
  const checkout = createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12);
  return path.join(tmpdir(), 'director-ia-twin', checkout);
}

function listFiles(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(REPO_ROOT, full);
    if (UNHASHED.some((skip) => relative === skip || relative.startsWith(skip + path.sep))) continue;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') listFiles(full, out);
    } else if (entry.isFile()) out.push(full);
  }
}

/** Hash of the synth's inputs (sources, lock file, flags) and `context`. */
export function sourceHash(context: Record<string, unknown>): string {
  const files: string[] = [];
  for (const dir of HASHED_DIRS) listFiles(path.join(REPO_ROOT, dir), files);
  for (const file of HASHED_FILES) files.push(path.join(REPO_ROOT, file));
  const hash = createHash('sha256').update(JSON.stringify(context));
  for (const file of files.sort()) hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 24);
}

/** Runs ./synth.ts in a child process with the repository's Node and tsx. */
export function runSynth(request: SynthRequest, log: (line: string) => void = () => undefined): Promise<void> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, SYNTH_SCRIPT, JSON.stringify(request)], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      log(`Synth failed:\n${output}`);
      reject(new Error(`cdk synth of the twin's stack failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

/** Links what the Lambda runtime provides (and the twin-only packages) beside the assets. */
function linkRuntimePackages(dir: string): void {
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const name of [...RUNTIME_PACKAGES, ...TWIN_PACKAGES]) {
    const source = path.join(REPO_ROOT, 'node_modules', name);
    const target = path.join(modules, name);
    if (existsSync(source) && !existsSync(target)) symlinkSync(source, target, 'dir');
  }
}

/** Removes all but the newest KEEP assemblies (and stale temporary ones). */
function prune(cacheDir: string): void {
  const entries = readdirSync(cacheDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ dir: path.join(cacheDir, e.name), time: statSync(path.join(cacheDir, e.name)).mtimeMs, temporary: e.name.includes('.tmp-') }));
  const hourAgo = Date.now() - 3_600_000;
  for (const entry of entries.filter((e) => e.temporary && e.time < hourAgo)) rmSync(entry.dir, { recursive: true, force: true });
  const finished = entries.filter((e) => !e.temporary).sort((a, b) => b.time - a.time);
  for (const entry of finished.slice(KEEP)) rmSync(entry.dir, { recursive: true, force: true });
}

/**
 * The cloud assembly for `context`, from the cache when the sources are unchanged, else
 * synthesized now (about half a minute on two cores). Safe when two twins build at once: each
 * builds in its own temporary folder and the first rename wins.
 */
export async function buildAssembly(options: BuildOptions): Promise<BuiltAssembly> {
  const log = options.log ?? (() => undefined);
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  mkdirSync(cacheDir, { recursive: true });
  const key = sourceHash(options.context);
  const dir = path.join(cacheDir, key);
  const templatePath = path.join(dir, `${stackNameOf(options.context)}.template.json`);
  if (existsSync(templatePath)) return { dir, templatePath, built: false, key };
  // Another process of this machine is building the same assembly: wait for it rather than build twice.
  const lock = `${dir}.building`;
  if (!takeLock(lock)) {
    log('Waiting for the same bundles another process is building...');
    await waitForBuilder(lock, templatePath);
    if (existsSync(templatePath)) return { dir, templatePath, built: false, key };
    if (!takeLock(lock)) throw new Error(`another process keeps building ${dir}`);
  }

  try {
    log('Building the Lambda bundles with the stack\'s own synth (cdk synth, first start after a change)...');
    const started = Date.now();
    const temporary = `${dir}.tmp-${process.pid}-${Date.now()}`;
    await runSynth({ outdir: temporary, context: options.context }, log);
    linkRuntimePackages(temporary);
    try {
      renameSync(temporary, dir);
    } catch (error) {
      // Another twin finished the same build first: use theirs.
      if (!existsSync(templatePath)) throw error;
      rmSync(temporary, { recursive: true, force: true });
    }
    prune(cacheDir);
    log(`Bundles built in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    return { dir, templatePath, built: true, key };
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Creates `lock` holding this process's pid; false when a live process holds it (a dead holder's lock is taken over). */
function takeLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (holderAlive(lock)) return false;
    rmSync(lock, { force: true });
    return takeLock(lock);
  }
}

function holderAlive(lock: string): boolean {
  let text: string;
  try {
    text = readFileSync(lock, 'utf8').trim();
  } catch {
    return false;
  }
  // Created but not yet written: its holder is alive by definition.
  if (text === '') return true;
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `templatePath` exists or the builder holding `lock` is gone (polled every second). */
async function waitForBuilder(lock: string, templatePath: string): Promise<void> {
  while (!existsSync(templatePath) && existsSync(lock) && holderAlive(lock)) await new Promise((resolve) => setTimeout(resolve, 1000));
}

/**
 * A template synthesized without bundling into a temporary folder (seconds, not half a minute),
 * for a stack that differs from the built one only in declarations that do not touch code, such
 * as IAM (`accessOverrides`). The caller takes the code from a full assembly.
 */
export async function synthTemplateOnly(context: Record<string, unknown>, accessOverrides: SynthRequest['accessOverrides']): Promise<{ templatePath: string; cleanup: () => void }> {
  const outdir = path.join(tmpdir(), `director-ia-template-${process.pid}-${Date.now()}`);
  await runSynth({ outdir, context, skipBundling: true, accessOverrides });
  return { templatePath: path.join(outdir, `${stackNameOf(context)}.template.json`), cleanup: () => rmSync(outdir, { recursive: true, force: true }) };
}
