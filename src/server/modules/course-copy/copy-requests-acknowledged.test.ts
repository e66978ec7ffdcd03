import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsApi } from '../../../shared/contract/alerts';
import { courseCopyApi } from '../../../shared/contract/course-copy';
import { copyJobs, copyRequests } from '../../db/schema';
import { createCopyWorld } from '../../test/copy-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The copy-status banner on /institution (GET copy/requests) holds the same
 * information as the bell; once its finished courses are acknowledged it does not come back.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof createCopyWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCopyWorld(t.db, 'cra');
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
  (await t.as('cra-admin').call(courseCopyApi.requests, { query: { organizationId: w.institution.id } }))
    .json()
    .requests.map((r: { trackingId: string }) => r.trackingId);

const acknowledge = (ids: number[]) =>
  t
    .as('cra-admin')
    .call(alertsApi.acknowledge, { query: { organizationId: w.institution.id }, body: { ids } });

describe('GET /api/courses/copy/requests after acknowledgement', () => {
  it('leaves out a request once all its courses are acknowledged, not before', async () => {
    const failed = await finishedRequest(['FailedPermanently', 'succeeded']);
    expect(await shown()).toContain(failed.trackingId);

    expect((await acknowledge([failed.jobIds[0]])).statusCode).toBe(200);
    expect(await shown()).toContain(failed.trackingId);

    expect((await acknowledge([failed.jobIds[1]])).statusCode).toBe(200);
    expect(await shown()).not.toContain(failed.trackingId);

    const alerts = await t
      .as('cra-admin')
      .call(alertsApi.list, { query: { organizationId: w.institution.id } });
    const ids = ['today', 'yesterday', 'older'].flatMap((k) =>
      alerts.json()[k].courseCopyStatuses.map((c: { id: number }) => c.id),
    );
    expect(ids).not.toContain(failed.jobIds[0]);
  });
});
