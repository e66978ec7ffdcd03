import pg from 'pg';

/**
 * Row locks held by the test, one connection per row, so a worker process stops exactly where the
 * test wants it (on the first locked row it reaches) and the test can let it pass one row at a time.
 */
export class RowLocks {
  private readonly held = new Map<number, { key: number; client: pg.Client }>();
  /** Outside any transaction: pg_stat_activity is read once per transaction. */
  private probe?: pg.Client;

  constructor(private readonly url: string) {}

  /** Locks each row `select … for update` in its own open transaction. */
  async lock(table: string, where: string, keys: number[]) {
    for (const key of keys) {
      const client = new pg.Client({ connectionString: this.url });
      await client.connect();
      const { rows } = await client.query('select pg_backend_pid() as pid');
      await client.query('begin');
      await client.query(`select 1 from ${table} where ${where} for update`, [key]);
      this.held.set(rows[0].pid, { key, client });
    }
  }

  /**
   * The key of a held row some backend is waiting for (other than `ignore`, e.g. a killed worker's
   * connection still queued on a lock), with the waiting backend's pid; undefined when none waits.
   */
  async waiting(ignore: Set<number> = new Set()) {
    if (!this.probe) {
      this.probe = new pg.Client({ connectionString: this.url });
      await this.probe.connect();
    }
    const { rows } = await this.probe.query(
      `select pid, pg_blocking_pids(pid) as blockers from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    const blockers = new Map((rows as { pid: number; blockers: number[] }[]).map((r) => [r.pid, r.blockers]));
    // A backend queued behind another waiter (say a killed worker's) waits for that one's row too.
    const holderOf = (pid: number, seen = new Set<number>()): { key: number } | undefined => {
      for (const b of blockers.get(pid) ?? []) {
        if (seen.has(b)) continue;
        seen.add(b);
        const h = this.held.get(b) ?? holderOf(b, seen);
        if (h) return h;
      }
      return undefined;
    };
    for (const pid of blockers.keys()) {
      if (ignore.has(pid)) continue;
      const holder = holderOf(pid);
      if (holder) return { key: holder.key, waiter: pid };
    }
    return undefined;
  }

  /** Backends waiting on any held row now. */
  async waiters() {
    const pids = new Set<number>();
    for (let w = await this.waiting(); w; w = await this.waiting(pids)) pids.add(w.waiter);
    return pids;
  }

  async release(key: number) {
    for (const [pid, h] of this.held) {
      if (h.key !== key) continue;
      this.held.delete(pid);
      await h.client.query('rollback');
      await h.client.end();
    }
  }

  async releaseAll() {
    for (const { key } of [...this.held.values()]) await this.release(key);
  }

  async close() {
    await this.releaseAll();
    await this.probe?.end();
    this.probe = undefined;
  }
}
