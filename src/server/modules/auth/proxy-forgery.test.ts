import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { authApi } from '../../../shared/contract/auth';
import { loginAttempts } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { PAIR_MAX_FAILURES } from './login-limits';

const ATTEMPTS = 40;
/** The client's real address as the proxy in front of the app saw it and appended. */
const CLIENT = '198.51.100.50';

describe.each(['127.0.0.1', '1'])('behind a proxy (TRUST_PROXY=%s)', (trustProxy) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('keys the sign-in limits on the address the proxy saw, whatever X-Forwarded-For the client forges', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: trustProxy } });
    await createUser(t.db, 'victim');
    // a real socket: the test plays the proxy at 127.0.0.1, the app sees its true address
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      const res = await fetch(`http://127.0.0.1:${port}${authApi.login.path}`, {
        method: authApi.login.method,
        headers: {
          'content-type': 'application/json',
          // the client writes the left-most entry; the proxy appends the address it saw
          'x-forwarded-for': `10.66.${i}.1, ${CLIENT}`,
        },
        body: JSON.stringify({ username: 'victim', password: `wrong-${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, PAIR_MAX_FAILURES)).toEqual(Array(PAIR_MAX_FAILURES).fill(401));
    expect(statuses.slice(PAIR_MAX_FAILURES)).toEqual(Array(ATTEMPTS - PAIR_MAX_FAILURES).fill(429));
    const recorded = await t.db.selectDistinct({ ip: loginAttempts.ip }).from(loginAttempts);
    expect(recorded).toEqual([{ ip: CLIENT }]);
  }, 120_000);
});
