import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { copyRequests, mailOutbox, sections } from '../../db/schema';
import {
  copyCourse,
  createCopyWorld,
  FAST_COPY_ENV,
  gate,
  postCopy,
  waitForRequest,
} from '../../test/copy-fixtures';
import { openTestDatabase, personaClients } from '../../test/harness';
import { copyFaults } from '../../test/copy-faults';

/**
 * The worker stops in the middle of a copy (the app is closed while the job runs) and a new one
 * starts on the same database: the course ends with exactly one new section.
 */
let database: Database;
let w: Awaited<ReturnType<typeof createCopyWorld>>;
const dataDir = mkdtempSync(join(tmpdir(), 'cwa-copy-restart-'));
const apps: FastifyInstance[] = [];

async function startApp(env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: 'all',
    ...FAST_COPY_ENV,
    ...env,
  });
  const app = await buildApp(config, { database, logger: false, testHooks: { copy: copyFaults } });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const app = await startApp();
  w = await createCopyWorld(database.db, 'cr');
  await app.close();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});
afterEach(() => {
  copyFaults.beforeCopy = undefined;
  copyFaults.afterCommit = undefined;
  copyFaults.attemptEnded = undefined;
});

const named = (courseName: string) =>
  database.db.select().from(sections).where(eq(sections.courseName, courseName));

/** Copies `name` on a first app whose job blocks at `point`, closes that app, and finishes on a second. */
async function stopMidCopy(point: 'beforeCopy' | 'afterCommit', name: string) {
  const first = await startApp();
  const token = await personaClients(first)('cr-admin').token();
  const org = w.institution.id;
  const reached = gate();
  const release = gate();
  const stuckEnded = gate();
  let stuck: unknown;
  copyFaults[point] = async (row) => {
    if (row.courseName !== name) return;
    copyFaults[point] = undefined; // only the first attempt stalls
    stuck = row;
    reached.open();
    await release.opened; // the "dead" worker: stuck until the test lets it go
  };
  copyFaults.attemptEnded = (row) => {
    if (row === stuck) stuckEnded.open();
  };
  const req = await postCopy(first, token, org, [copyCourse(w.source.id, name)], true);
  await reached.opened;
  await first.close(); // graceful stop gives up after SHUTDOWN_TIMEOUT_MS and fails the running job

  const second = await startApp();
  const done = await waitForRequest(second, token, org, req.trackingId);
  release.open(); // the stuck attempt now runs on, as a late duplicate would
  await stuckEnded.opened; // ...to its end: whatever it was going to write is written now
  await second.close();
  return done;
}

describe('worker stopped mid-copy', () => {
  it('before the section is created: the restarted worker creates it, the stuck attempt adds nothing', async () => {
    const done = await stopMidCopy('beforeCopy', 'Restart A');
    expect(done.statuses[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const rows = await named('Restart A');
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(done.statuses[0].sectionId);
  });

  it('after the section is committed, before the job is acknowledged: still one section and one e-mail', async () => {
    const done = await stopMidCopy('afterCommit', 'Restart B');
    expect(done.statuses[0].status).toBe('succeeded');
    expect(await named('Restart B')).toHaveLength(1);
    const [request] = await database.db
      .select()
      .from(copyRequests)
      .where(eq(copyRequests.id, done.trackingId));
    expect(request.finishedAt).not.toBeNull();
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'cr-admin@example.edu'));
    expect(mails.filter((m) => m.text.includes('Restart B'))).toHaveLength(1);
  });

  it('a last attempt that times out ends FailedPermanently through the dead-letter queue, with a reason', async () => {
    const app = await startApp({ COPY_RETRY_LIMIT: '0', COPY_JOB_TIMEOUT_SECONDS: '1' });
    const token = await personaClients(app)('cr-admin').token();
    const release = gate();
    const lateEnded = gate();
    let late: unknown;
    copyFaults.beforeCopy = (row) => {
      if (row.courseName !== 'Too slow') return;
      late = row;
      return release.opened;
    };
    copyFaults.attemptEnded = (row) => {
      if (row === late) lateEnded.open();
    };
    const req = await postCopy(app, token, w.institution.id, [copyCourse(w.source.id, 'Too slow')]);
    const done = await waitForRequest(app, token, w.institution.id, req.trackingId);
    expect(done.statuses[0]).toMatchObject({
      status: 'FailedPermanently',
      reasonCode: 160,
      reason:
        'The copy stopped before it finished (the server stopped or the attempt took too long) and no attempts are left. Use Retry to try again.',
    });
    expect(await named('Too slow')).toHaveLength(0);
    release.open(); // the timed-out attempt wakes up: it must not create the section now
    await lateEnded.opened; // it has run to its end
    expect(await named('Too slow')).toHaveLength(0);
    const [after] = await waitForRequest(app, token, w.institution.id, req.trackingId).then(
      (r) => r.statuses,
    );
    expect(after).toMatchObject({ status: 'FailedPermanently', sectionId: null });
  });
});
