/**
 * `npm run bench`: prints the figures the foundation issue asks for, from one run. Targets are
 * printed beside each figure; nothing here fails on a miss (benchmarks report, tests assert).
 *   login JS ≤ 120 KB gzip · each page chunk ≤ 50 KB gzip · each Lambda's cold load ≤ 1.5× the
 *   load of the AWS SDK clients it imports (synthesized assets, cold-start.ts; size as information)
 *   · profile read p99 ≤ 60 ms at 50 connections · IAM grants no test exercised (iam-grants.ts)
 *   · render time per second of 1080p video ≤ 2 s, beside plain encoding as its floor (video-render.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../infra/local/ports';
import { startTwin } from '../../infra/local/twin';
import { callOk } from '../support/api';
import { registerUser, signInAdmin } from '../support/cognito';
import { printColdStarts } from './cold-start';
import { printGrantReport } from './iam-grants';
import { printVideoRender } from './video-render';
import { dynamoGetFloor, profileReadLoad } from './profile-read';
import { LOCAL_TABLE } from '../../infra/local/twin';
import { buildWeb, DIST, gzipKb, loginScreenScripts, pageChunks } from './web-bundles';

const mark = (ok: boolean) => (ok ? 'ok ' : 'OVER');
const kb = (n: number) => `${n.toFixed(1).padStart(7)} KB`;

process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
console.log('Building the web…');
buildWeb();
// Before the twin starts, so that nothing else competes for the CPU while imports are timed.
await printColdStarts();
// Also before the twin: ffmpeg wants both cores.
await printVideoRender();

const stateDir = mkdtempSync(path.join(tmpdir(), 'bench-twin-'));
const twin = await startTwin({ port: await freePort(), stateDir, adminEmail: 'admin@bench.local', adminPassword: 'Admin1234!', web: 'dist' });
try {
  const url = `http://127.0.0.1:${twin.ports.web}`;

  const scripts = await loginScreenScripts(url);
  const loginKb = scripts.reduce((sum, file) => sum + gzipKb(path.join(DIST, file)), 0);
  console.log('\nWeb (gzip)');
  console.log(`  ${mark(loginKb <= 120)} login screen JS ${kb(loginKb)}  (${scripts.length} files, target ≤ 120 KB)`);
  for (const { page, file } of pageChunks()) {
    const size = gzipKb(path.join(DIST, file));
    console.log(`  ${mark(size <= 50)} page ${page.padEnd(34)} ${kb(size)}  (target ≤ 50 KB)`);
  }

  const info = { url, cognitoEndpoint: twin.cognito.endpoint, userPoolId: twin.cognito.userPoolId, clientId: twin.cognito.userPoolClientId, adminEmail: twin.admin.email, adminPassword: twin.admin.password, stateDir };
  const [owner, admin] = await Promise.all([registerUser(info, 'bench'), signInAdmin(info)]);
  await callOk(info, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  await profileReadLoad(url, owner.accessToken, 5); // warm-up (JIT of both Node and the JVM)
  const load = await profileReadLoad(url, owner.accessToken, 10);
  console.log('\nProfile read (obtenerPerfil, signed in, 50 connections, 10 s, local twin)');
  console.log(`  ${mark(load.p99 <= 60)} p50 ${load.p50} ms · p99 ${load.p99} ms (target ≤ 60 ms) · ${load.rps.toFixed(0)} req/s · ${load.requests} requests · ${load.non2xx} non-2xx`);
  const floor = await dynamoGetFloor(LOCAL_TABLE, { pk: `user#${owner.sub}`, sk: 'profile' });
  console.log(`  floor: DynamoDB Local alone, GetItem at 50 in flight, 5 s: p50 ${floor.p50} ms · p99 ${floor.p99} ms · ${floor.rps.toFixed(0)} req/s`);
} finally {
  await twin.stop();
  rmSync(stateDir, { recursive: true, force: true });
}

// Over-grants: granted IAM actions the last `npm test` never exercised (iam-grants.ts).
printGrantReport();
