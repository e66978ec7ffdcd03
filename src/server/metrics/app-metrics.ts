import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { collectDatabase } from './database-collector';
import { collectQueues, type QueueSource } from './queue-collector';

/** Outcomes that background jobs report (ServiceContext.metrics). */
export interface OutcomeCounters {
  /** A course of a copy or child-course request reached a final status. */
  copyOutcome(status: string): void;
  /** A committed bulk account import reached its final status. */
  importOutcome(status: 'done' | 'failed'): void;
}

export interface AppMetrics extends OutcomeCounters {
  /** This app's own registry: tests build many apps in one process. */
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Counts a refused sign-in by its error code (bad credentials, each rate limit); other failures are not refusals. */
  loginRefused(err: unknown): void;
  /** Adds Node's process metrics (CPU, memory, event loop, GC) once: only where they are served. */
  withProcessMetrics(): void;
}

export function createAppMetrics(database: Database, queue: QueueSource): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const loginRefusals = new Counter({
    name: 'auth_login_refusals_total',
    help: 'Refused local sign-ins by reason (the error code answered)',
    labelNames: ['reason'] as const,
    registers,
  });
  const copyOutcomes = new Counter({
    name: 'course_copy_outcomes_total',
    help: 'Courses of copy and child-course requests that reached a final status, by status',
    labelNames: ['status'] as const,
    registers,
  });
  const importOutcomes = new Counter({
    name: 'bulk_import_outcomes_total',
    help: 'Committed bulk account imports that reached a final status, by status',
    labelNames: ['status'] as const,
    registers,
  });
  collectDatabase(database, registers);
  collectQueues(queue, database.sql, registers);

  let processMetrics = false;
  return {
    registry,
    httpDuration,
    loginRefused(err) {
      if (err instanceof AppError && (err.status === 401 || err.status === 429)) {
        loginRefusals.inc({ reason: err.code.replace(/^error\./, '') });
      }
    },
    copyOutcome: (status) => copyOutcomes.inc({ status }),
    importOutcome: (status) => importOutcomes.inc({ status }),
    withProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}
