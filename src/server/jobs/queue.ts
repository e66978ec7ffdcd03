import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { sqlRunnerOf } from '../db/sql-runner';
import type { OutcomeCounters } from '../metrics/app-metrics';
import type { ServiceContext, JobDefinition, JobSender, JobTestHooks, SendOptions } from './define';

export const BOSS_SCHEMA = 'pgboss';

/** pg-boss on the product's own database (PGlite through executeSql, PostgreSQL through the pool). */
export class JobQueue implements JobSender {
  readonly boss: PgBoss;
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: OutcomeCounters,
    private readonly testHooks?: JobTestHooks,
  ) {
    this.boss = new PgBoss({
      db: database.sql as PgBoss.Db,
      schema: BOSS_SCHEMA,
      supervise: config.runWorkers,
      schedule: config.runWorkers,
      // Every round checks each queue for expired jobs (the monitor is throttled per queue).
      superviseIntervalSeconds: config.jobSuperviseIntervalSeconds,
      monitorIntervalSeconds: config.jobSuperviseIntervalSeconds,
      // PGlite is one connection in one process: delete old jobs more often there.
      ...(database.kind === 'pglite' ? { maintenanceIntervalSeconds: 120 } : {}),
    });
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
  }

  async start(definitions: JobDefinition<any>[]) {
    await this.boss.start();
    this.started = true;
    for (const def of definitions) {
      const options = { retryLimit: 3, retryBackoff: true, ...def.queue };
      await this.boss.createQueue(def.name, options);
      // createQueue leaves an existing queue as it was: one made by an older version takes today's
      // options (retries, time limit, dead-letter queue) here. Policy and partitioning cannot change.
      const { policy: _policy, partition: _partition, ...changeable } = options;
      await this.boss.updateQueue(def.name, changeable);
      // Caches the queue now: a send inside a transaction must not look it up on another
      // connection (PGlite has one, held by that transaction).
      await this.boss.getQueueStats(def.name);
    }
    if (!this.config.runWorkers) return;
    const ctx: ServiceContext = {
      db: this.database.db,
      config: this.config,
      jobs: this,
      log: this.log,
      metrics: this.metrics,
      testHooks: this.testHooks,
    };
    for (const def of definitions) {
      const handle = async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
        const errors = await handleJobs(def, jobs, ctx);
        if (jobs.length === 1 && errors[0]) throw errors[0];
        // In a batch, fail only the jobs that failed (pg-boss retries them); the others complete as usual.
        for (const [i, err] of errors.entries())
          if (err)
            await this.boss.fail(def.name, jobs[i].id, { message: String((err as Error)?.message ?? err) });
      };
      // PGlite is one connection: one worker per queue. PostgreSQL may run several side by side.
      const workers = this.database.kind === 'pglite' ? 1 : Math.max(1, def.concurrency ?? 1);
      const batchSize = def.work?.batchSize ?? 1;
      for (let i = 0; i < workers; i++) {
        let workerId: string | undefined;
        workerId = await this.boss.work(
          def.name,
          { pollingIntervalSeconds: 1, ...def.work, includeMetadata: true },
          async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
            await handle(jobs);
            // A full batch: more jobs are likely waiting, so fetch again now, not a polling interval later.
            if (workerId && jobs.length >= batchSize) this.boss.notifyWorker(workerId);
          },
        );
      }
      if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
    }
  }

  async send<P>(def: JobDefinition<P>, payload: P, options?: SendOptions) {
    const { tx, ...rest } = options ?? {};
    return this.boss.send(def.name, def.payload.parse(payload) as object, { ...rest, ...this.on(tx) });
  }

  /** Queues many jobs of one kind in one statement; an explicit `id` per job makes a re-send a no-op. */
  async sendMany<P>(
    def: JobDefinition<P>,
    jobs: { payload: P; options?: Omit<PgBoss.JobInsert, 'name' | 'data'> }[],
    tx?: Db,
  ) {
    if (jobs.length === 0) return;
    await this.boss.insert(
      def.name,
      jobs.map((j) => ({ ...j.options, name: def.name, data: def.payload.parse(j.payload) as object })),
      this.on(tx),
    );
  }

  private on(tx: Db | undefined): PgBoss.ConnectionOptions {
    return tx ? { db: sqlRunnerOf(tx) } : {};
  }

  /** True when the queue's tables answer. */
  async ready() {
    if (!this.started) return false;
    await this.database.sql.executeSql(`select 1 from ${BOSS_SCHEMA}.version limit 1`);
    return true;
  }

  async stop(timeoutMs: number) {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}

/** Runs a worker's batch through the job's batch handler, or its handler job by job; each job's error. */
async function handleJobs(
  def: JobDefinition<unknown>,
  jobs: PgBoss.JobWithMetadata<unknown>[],
  ctx: ServiceContext,
) {
  const errors: unknown[] = jobs.map(() => undefined);
  const parsed: { payload: unknown; job: PgBoss.JobWithMetadata<unknown>; at: number }[] = [];
  for (const [at, job] of jobs.entries()) {
    const payload = def.payload.safeParse(job.data);
    if (payload.success) parsed.push({ payload: payload.data, job, at });
    else errors[at] = payload.error;
  }
  if (def.handleBatch) {
    const outcomes = await def.handleBatch(parsed, ctx);
    for (const [i, p] of parsed.entries()) errors[p.at] = outcomes[i];
    return errors;
  }
  for (const { payload, job, at } of parsed) {
    try {
      await def.handler(payload, ctx, job);
    } catch (err) {
      errors[at] = err;
    }
  }
  return errors;
}
