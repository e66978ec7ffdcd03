/**
 * The LTI key caches belong to one app instance: a second app in the same process (a test, say)
 * starts without the first one's platform key sets and fetches them itself.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createInstitution } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { launcher } from '../../../test/lti-launcher';
import { type LtiPlatform, registerPlatform, startLtiPlatform } from '../../../test/lti-platform';

let p: LtiPlatform;
const apps: TestApp[] = [];

beforeAll(async () => {
  p = await startLtiPlatform();
  for (let i = 0; i < 2; i++) {
    const t = await createTestApp();
    apps.push(t);
    const inst = await createInstitution(t.db, 'Key Cache College');
    await registerPlatform(t.db, p, inst.id, { clientId: 'cache-client' });
  }
});
afterAll(async () => {
  await p?.close();
  for (const t of apps) await t.close();
});

it("two app instances do not share a platform's key set: each fetches it once", async () => {
  const [one, two] = apps.map((t) => launcher(t, p, 'cache-client'));
  const before = p.jwksFetches;
  expect((await one.launchWith()).statusCode).toBe(303);
  expect(p.jwksFetches).toBe(before + 1);
  expect((await one.launchWith()).statusCode).toBe(303);
  expect(p.jwksFetches).toBe(before + 1);
  expect((await two.launchWith()).statusCode).toBe(303);
  expect(p.jwksFetches).toBe(before + 2);
});
