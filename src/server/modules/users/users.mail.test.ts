import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { usersApi } from '../../../shared/contract/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, type Persona } from '../../test/users-world';
import { waitFor } from '../../test/wait-for';

const received: { to: string; data: string }[] = [];
let server: SMTPServer;
let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c) => {
        data += c;
      });
      stream.on('end', () => {
        // undo quoted-printable soft line breaks and escapes
        const text = data
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(Number.parseInt(h, 16)));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data: text });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as { port: number }).port;
  t = await createTestApp({ workers: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  w = await createUsersWorld(t.db, 's');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);

describe('account e-mails through a real SMTP server', () => {
  it('an account request delivers the setup instructions to the new user', async () => {
    const res = await as('reg').call(usersApi.createPiUser, {
      params: { id: w.a.id },
      body: {
        firstName: 'Maya',
        lastName: 'Ortiz',
        email: 'maya.ortiz@example.edu',
        username: 'mortiz',
        groupId: w.roles.ta.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const mail = await waitFor(async () => received.find((m) => m.to === 'maya.ortiz@example.edu'));
    expect(mail.data).toContain('Subject: Your Courseware Admin account: setup instructions');
    expect(mail.data).toContain('mortiz');
    expect(mail.data).toContain('/account/setup?token=');
    const row = await waitFor(async () => {
      const [r] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maya.ortiz@example.edu'));
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row.sentAt).toBeTruthy();
  });

  it('the e-mail notification of an active user is delivered too', async () => {
    const res = await as('reg').call(usersApi.notify, {
      params: { id: w.u.viewer.id },
      query: { organizationId: w.a.id },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitFor(async () => received.find((m) => m.to === 'sviewer@example.edu'));
    expect(mail.data).toContain('Subject: Your Courseware Admin account');
    expect(mail.data).toContain('with the role Viewer');
  });
});
