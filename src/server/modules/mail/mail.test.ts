import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { queueMail, queueMails } from './mail.service';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('mail', () => {
  it('without SMTP_URL, the job stores the message as a .eml file and marks the outbox row', async () => {
    const t = await createTestApp({ workers: true });
    apps.push(t);
    const id = await queueMail(t.db, t.app.jobs, {
      to: 'ada@example.edu',
      subject: 'Welcome',
      text: 'Set your password.',
    });
    const row = await waitFor(async () => {
      const [r] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return r.status === 'stored' ? r : undefined;
    });
    const eml = await readFile(row.emlPath!, 'utf8');
    expect(eml).toContain('To: ada@example.edu');
    expect(eml).toContain('Subject: Welcome');
    expect(eml).toContain('Set your password.');
  });

  it('with SMTP_URL, a real SMTP server receives the message', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c) => {
          data += c;
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.server.address() as { port: number }).port;
    try {
      const t = await createTestApp({ workers: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
      apps.push(t);
      const id = await queueMail(t.db, t.app.jobs, {
        to: 'grace@example.edu',
        subject: 'Account ready',
        text: 'Hello',
      });
      await waitFor(async () => (received.length ? true : undefined));
      expect(received[0]).toContain('Subject: Account ready');
      const row = await waitFor(async () => {
        const [r] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        return r.status === 'sent' ? r : undefined;
      });
      expect(row.sentAt).toBeTruthy();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('queued inside a transaction, mails and their delivery jobs exist exactly when it commits', async () => {
    const t = await createTestApp();
    apps.push(t);
    const jobsFor = async (ids: number[]) => {
      const r = await t.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'mail.send'
            and (data->>'outboxId')::int in ${ids}`,
      );
      return (r as unknown as { rows: { n: number }[] }).rows[0].n;
    };
    const message = (to: string) => ({ to, subject: 'Setup', text: 'Hello' });

    let rolledBack: number[] = [];
    await expect(
      t.db.transaction(async (tx) => {
        rolledBack = await queueMails(tx, t.app.jobs, [message('a@example.edu'), message('b@example.edu')]);
        rolledBack.push(await queueMail(tx, t.app.jobs, message('c@example.edu')));
        throw new Error('the account could not be saved');
      }),
    ).rejects.toThrow('the account could not be saved');
    expect(rolledBack).toHaveLength(3);
    expect(await t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, rolledBack))).toEqual([]);
    expect(await jobsFor(rolledBack)).toBe(0);

    const committed = await t.db.transaction(async (tx) => [
      ...(await queueMails(tx, t.app.jobs, [message('d@example.edu'), message('e@example.edu')])),
      await queueMail(tx, t.app.jobs, message('f@example.edu')),
    ]);
    expect(await t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, committed))).toHaveLength(3);
    expect(await jobsFor(committed)).toBe(3);
  });
});
