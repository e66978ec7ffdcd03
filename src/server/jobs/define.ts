import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { copyJobs } from '../db/schema';
import type { OutcomeCounters } from '../metrics/app-metrics';

/**
 * What routes, services and jobs work with: the database, the configuration, the job queue and a
 * logger (a route builds it with `contextOf(req)`; the queue hands one to each job).
 */
export interface ServiceContext {
  db: Db;
  config: Config;
  jobs: JobSender;
  log: FastifyBaseLogger;
  /** Counters of final outcomes (course copies, imports); absent where a test builds a context by hand. */
  metrics?: OutcomeCounters;
  /** Test seams into a job's steps; never set in production (tests pass them to buildApp). */
  testHooks?: JobTestHooks;
}

type CopyHook = (row: typeof copyJobs.$inferSelect) => void | Promise<void>;

/**
 * Where a test may stop or break a job. The copy job: `beforeCopy` runs after the course is claimed
 * and before the copy transaction; `afterCommit` after the section is committed and before the job
 * is acknowledged (a crash there is the one exactly-once has to survive); `attemptEnded` when a
 * claimed attempt is over, whatever its outcome, with the row the other hooks got.
 */
export interface JobTestHooks {
  copy?: { beforeCopy?: CopyHook; afterCommit?: CopyHook; attemptEnded?: CopyHook };
}

/** `tx`: queue the job inside this transaction, so it exists exactly when the transaction commits. */
export type SendOptions = Omit<PgBoss.SendOptions, 'db'> & { tx?: Db };

export interface JobSender {
  send<P>(def: JobDefinition<P>, payload: P, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one kind in one statement (inside `tx` when given). */
  sendMany<P>(
    def: JobDefinition<P>,
    jobs: { payload: P; options?: Omit<PgBoss.JobInsert, 'name' | 'data'> }[],
    tx?: Db,
  ): Promise<void>;
}

/** A typed background job: payload schema, queue options and a handler for one job. */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  queue?: Omit<PgBoss.Queue, 'name'>;
  work?: PgBoss.WorkOptions;
  /** Workers per process on PostgreSQL (default 1); PGlite always runs one. */
  concurrency?: number;
  /** Cron schedule (UTC) for recurring jobs. */
  cron?: string;
  handler(payload: P, ctx: ServiceContext, job: PgBoss.JobWithMetadata<P>): Promise<unknown>;
  /**
   * Handles a whole batch a worker took (work.batchSize), in place of `handler` job by job: returns
   * each job's error, or undefined when it is done, in the batch's order.
   */
  handleBatch?(
    jobs: { payload: P; job: PgBoss.JobWithMetadata<P> }[],
    ctx: ServiceContext,
  ): Promise<unknown[]>;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}
