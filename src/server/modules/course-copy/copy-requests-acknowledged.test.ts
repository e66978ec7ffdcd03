import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyJobs, copyRequests } from '../../db/schema';
import { createCopyWorld } from '../../test/copy-fixtures';
import { bearer, login } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The copy-status banner on /institution (GET copy/requests) holds the same
 * information as the bell; once its finished courses are acknowledged it does not come back.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof createCopyWorld>>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCopyWorld(t.db, 'cra');
  token = await login(t.app, 'cra-admin');
});
afterAll(() => t.close());

async function finishedRequest(statuses: string[]) {
  const at = new Date();
  const [request] = await t.db
    .insert(copyRequests)
    .values({ institutionId: w.institution.id, requestedBy: w.admin.id, finishedAt: at })
    .returning();
  const jobs = await t.db
    .insert(copyJobs)
    .values(
      statuses.map((status, n) => ({
        requestId: request.id,
        sourceSectionId: w.source.id,
        courseName: `Ack ${n}`,
        status,
        finishedAt: at,
      })),
    )
    .returning();
  return { trackingId: request.id, jobIds: jobs.map((j) => j.id) };
}

const shown = async () =>
  (
    await t.app.inject({
      url: `/api/courses/copy/requests?organizationId=${w.institution.id}`,
      headers: bearer(token),
    })
  )
    .json()
    .requests.map((r: { trackingId: string }) => r.trackingId);

const acknowledge = (ids: number[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/alert/alerts/acknowledge?organizationId=${w.institution.id}`,
    headers: bearer(token),
    payload: { ids },
  });

describe('GET /api/courses/copy/requests after acknowledgement', () => {
  it('leaves out a request once all its courses are acknowledged, not before', async () => {
    const failed = await finishedRequest(['FailedPermanently', 'succeeded']);
    expect(await shown()).toContain(failed.trackingId);

    expect((await acknowledge([failed.jobIds[0]])).statusCode).toBe(200);
    expect(await shown()).toContain(failed.trackingId);

    expect((await acknowledge([failed.jobIds[1]])).statusCode).toBe(200);
    expect(await shown()).not.toContain(failed.trackingId);

    const alerts = await t.app.inject({
      url: `/api/alert/alerts?organizationId=${w.institution.id}`,
      headers: bearer(token),
    });
    const ids = ['today', 'yesterday', 'older'].flatMap((k) =>
      alerts.json()[k].courseCopyStatuses.map((c: { id: number }) => c.id),
    );
    expect(ids).not.toContain(failed.jobIds[0]);
  });
});
