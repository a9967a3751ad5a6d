/**
 * Cold start of the deployable artefacts (issue 10 item 5). Synthesizes the demo tenant's stack
 * offline into a temporary directory outside the repository, gives the assembly the one thing
 * the Lambda runtime adds (`node_modules/@aws-sdk`, a link to the repository's copy), then for
 * every `AWS::Lambda::Function` with an `index.mjs` asset:
 *   - load: a fresh Node process (this one's binary, Node 24) with the function's environment
 *     from the template (intrinsics as placeholders) times `await import(index.mjs)` with
 *     performance.now(), as the runtime imports the handler module; median of `runs` processes;
 *   - floor: the same, for a module that only imports the `@aws-sdk/*` packages the bundle
 *     imports with static top-level `import` statements, measured alternately with the load;
 *   - ratio load / floor (target ≤ 1.5) and the bundle's size, as information.
 * Process start-up is outside both figures. Run alone: `npx tsx test/bench/cold-start.ts`
 * (COLD_START_RUNS=n to change the count, COLD_START_OUTDIR=<dir> to measure an assembly already
 * synthesized there instead of synthesizing one; that directory is kept).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { bundleKb, lambdaArtefacts, linkRuntimeSdk, placeholderEnvironment, staticSdkImports, type LambdaArtefact } from '../support/artefacts';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Target: each function's cold load within this factor of its floor. */
export const COLD_START_TARGET_RATIO = 1.5;

/** One function's figures. Times in ms (medians), size in KB. */
export interface ColdStartRow {
  name: string;
  loadMs: number;
  floorMs: number;
  /** loadMs / floorMs. */
  ratio: number;
  sizeKb: number;
  /** The `@aws-sdk/*` packages the bundle imports statically: what the floor loads. */
  sdk: string[];
  /** Set when the bundle threw while loading (its load time is then meaningless). */
  error?: string;
}

/**
 * Synthesizes the demo tenant offline (`cdk synth`, about 30 s) into a new directory under the
 * OS temp dir and links `@aws-sdk` into it; returns the directory (the caller removes it).
 * Throws with the CLI's output if the synth fails.
 */
export async function synthesizeArtefacts(): Promise<string> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'bench-synth-'));
  try {
    await run('npx', ['cdk', 'synth', '-c', 'tenant=demo', '-c', 'adminEmail=bench@example.com', '-o', outdir, '--quiet'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`cdk synth failed:\n${stdout}\n${stderr}`, { cause: error });
  }
  linkRuntimeSdk(outdir, REPO_ROOT);
  return outdir;
}

// Runs in the child: the timed section is the import alone; the result goes to stdout as JSON.
const PROBE = `const url = process.argv[2];
let ms, error;
const start = performance.now();
try { await import(url); ms = performance.now() - start; } catch (e) { error = String(e?.stack ?? e).split('\\n').slice(0, 3).join(' | '); }
process.stdout.write(JSON.stringify({ ms, error }));
process.exit(0);
`;

/** Imports `moduleFile` in a fresh Node process with `env` only; the import's wall time in ms. */
async function timedImport(probe: string, moduleFile: string, env: Record<string, string>): Promise<{ ms?: number; error?: string }> {
  const { stdout } = await run(process.execPath, [probe, pathToFileURL(moduleFile).href], { env, cwd: path.dirname(moduleFile), maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as { ms?: number; error?: string };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** What the runtime sets besides the function's own variables (the parts a module may read at load). */
function runtimeEnvironment(artefact: LambdaArtefact): Record<string, string> {
  return placeholderEnvironment(artefact, {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    AWS_REGION: 'eu-west-1',
    AWS_DEFAULT_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDBENCHEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'bench-secret',
    AWS_SESSION_TOKEN: 'bench-token',
    AWS_EXECUTION_ENV: `AWS_Lambda_${artefact.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: artefact.name,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(artefact.memorySize),
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    LAMBDA_TASK_ROOT: artefact.assetDir,
  });
}

/**
 * Measures every Lambda artefact of the assembly in `outdir` (which must have `@aws-sdk` linked,
 * see synthesizeArtefacts): median of `runs` fresh-process imports of the bundle and of its SDK
 * floor, alternated. `progress` gets one line per function.
 */
export async function measureColdStarts(outdir: string, runs = 5, progress: (line: string) => void = () => {}): Promise<ColdStartRow[]> {
  const probe = path.join(outdir, 'cold-start-probe.mjs');
  writeFileSync(probe, PROBE);
  const floors = path.join(outdir, 'floors');
  mkdirSync(floors, { recursive: true });
  const rows: ColdStartRow[] = [];
  for (const artefact of lambdaArtefacts(outdir)) {
    const sdk = await staticSdkImports(artefact.bundleFile);
    const floorFile = path.join(floors, `${createHash('sha256').update(sdk.join(',')).digest('hex').slice(0, 16)}.mjs`);
    writeFileSync(floorFile, sdk.map((name) => `import '${name}';\n`).join(''));
    const env = runtimeEnvironment(artefact);
    const loads: number[] = [];
    const floorTimes: number[] = [];
    let error: string | undefined;
    for (let i = 0; i < runs; i++) {
      const load = await timedImport(probe, artefact.bundleFile, env);
      const floor = await timedImport(probe, floorFile, env);
      if (load.error) error ??= load.error;
      if (floor.error) throw new Error(`The SDK floor of ${artefact.name} (${sdk.join(', ')}) does not load: ${floor.error}`);
      if (load.ms !== undefined) loads.push(load.ms);
      floorTimes.push(floor.ms as number);
    }
    const loadMs = loads.length ? median(loads) : Number.NaN;
    const floorMs = median(floorTimes);
    const row: ColdStartRow = { name: artefact.name, loadMs, floorMs, ratio: loadMs / floorMs, sizeKb: bundleKb(artefact), sdk, ...(error ? { error } : {}) };
    rows.push(row);
    progress(`${row.name}: ${row.loadMs.toFixed(0)} ms / ${row.floorMs.toFixed(0)} ms${error ? ` (throws: ${error})` : ''}`);
  }
  return rows;
}

const short = (pkg: string) => pkg.replace(/^@aws-sdk\/(client-)?/, '');

/** The table (worst ratio first), the worst five and the median ratio, as printable lines. */
export function coldStartReport(rows: ColdStartRow[]): string[] {
  const sorted = [...rows].sort((a, b) => (Number.isNaN(b.ratio) ? 1 : b.ratio) - (Number.isNaN(a.ratio) ? 1 : a.ratio));
  const lines = [
    `  ${'function'.padEnd(26)} ${'load ms'.padStart(8)} ${'floor ms'.padStart(9)} ${'ratio'.padStart(6)}  ${'size KB'.padStart(8)}  floor imports`,
  ];
  for (const row of sorted) {
    const mark = row.error ? 'FAIL' : row.ratio <= COLD_START_TARGET_RATIO ? 'ok  ' : 'OVER';
    lines.push(
      `${mark} ${row.name.padEnd(24)} ${row.loadMs.toFixed(1).padStart(8)} ${row.floorMs.toFixed(1).padStart(9)} ${row.ratio.toFixed(2).padStart(6)}  ${row.sizeKb.toFixed(1).padStart(8)}  ${row.sdk.map(short).join(', ') || '(none)'}${row.error ? `  throws: ${row.error}` : ''}`,
    );
  }
  const ratios = rows.map((row) => row.ratio).filter((ratio) => !Number.isNaN(ratio));
  lines.push(`  worst five: ${sorted.slice(0, 5).map((row) => `${row.name} ${row.ratio.toFixed(2)}×`).join(' · ')}`);
  lines.push(`  median ratio ${median(ratios).toFixed(2)}× over ${rows.length} functions · target ≤ ${COLD_START_TARGET_RATIO}× each · ${rows.filter((row) => row.ratio > COLD_START_TARGET_RATIO).length} over`);
  return lines;
}

/**
 * Synthesizes (or takes the assembly in `existingOutdir`), measures and prints; removes an
 * assembly it synthesized afterwards.
 */
export async function printColdStarts(runs = 5, existingOutdir?: string): Promise<ColdStartRow[]> {
  console.log(`\nLambda cold load (synthesized assets; fresh Node process, import of index.mjs; median of ${runs})`);
  if (!existingOutdir) console.log('  synthesizing the demo tenant…');
  const outdir = existingOutdir ?? (await synthesizeArtefacts());
  if (existingOutdir) linkRuntimeSdk(existingOutdir, REPO_ROOT);
  try {
    const rows = await measureColdStarts(outdir, runs, (line) => process.stderr.write(`  · ${line}\n`));
    for (const line of coldStartReport(rows)) console.log(line);
    return rows;
  } finally {
    if (!existingOutdir) rmSync(outdir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await printColdStarts(Number(process.env.COLD_START_RUNS ?? 5), process.env.COLD_START_OUTDIR || undefined);
