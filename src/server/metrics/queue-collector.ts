import { Gauge, type Registry } from 'prom-client';
import type { SqlRunner } from '../db/client';
import { BOSS_SCHEMA } from '../jobs/queue';

export interface QueueSource {
  /** False until the job queue has started (and again once it stops). */
  ready(): Promise<boolean>;
}

/** pg-boss's job states. */
const STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/** Every queue pg-boss knows, with its jobs counted by state (queues without jobs give one null row). */
const COUNTS = `
  select q.name, j.state::text as state, count(j.id)::int as n
  from ${BOSS_SCHEMA}.queue q left join ${BOSS_SCHEMA}.job j on j.name = q.name
  group by 1, 2`;

/**
 * pg-boss's own job counts per queue and state, read from its tables at scrape time (its queue
 * table's cached counts lag by a maintenance round and are not kept up on API-only processes).
 * Every process reports the same database-wide numbers. While the queue is not started the gauge
 * is empty and `job_queue_up` is 0.
 */
export function collectQueues(queue: QueueSource, sql: SqlRunner, registers: Registry[]) {
  // Both gauges are collected side by side in one scrape: they share one read.
  let reading: Promise<{ name: string; state: string | null; n: number }[] | null> | undefined;
  const read = () => {
    reading ??= (async () => {
      try {
        return (await queue.ready()) ? (await sql.executeSql(COUNTS)).rows : null;
      } catch {
        return null;
      } finally {
        setImmediate(() => {
          reading = undefined;
        });
      }
    })();
    return reading;
  };
  new Gauge({
    name: 'job_queue_up',
    help: '1 when the job queue has started and its counts were read, else 0',
    registers,
    async collect() {
      this.set((await read()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'pg-boss jobs per queue and state (created, retry, active, completed, cancelled, failed)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await read();
      if (!rows) return;
      for (const name of new Set(rows.map((r) => r.name))) {
        for (const state of STATES) this.set({ queue: name, state }, 0);
      }
      for (const r of rows) if (r.state) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });
}
