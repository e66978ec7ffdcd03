import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';

/**
 * Database gauges, read at scrape time. PostgreSQL: the node-postgres pool's connections (total,
 * idle, and queries waiting for one) and its size. PGlite is one in-process connection with no pool:
 * only `database_info` is reported there (its memory is part of the process metrics).
 */
export function collectDatabase(database: Database, registers: Registry[]) {
  new Gauge({
    name: 'database_info',
    help: 'The database in use (kind: pglite or postgres); always 1',
    labelNames: ['kind'] as const,
    registers,
  }).set({ kind: database.kind }, 1);
  const pool = database.pool;
  if (!pool) return;
  new Gauge({
    name: 'db_pool_connections',
    help: 'node-postgres pool: open connections (total), idle ones, and queries waiting for a connection',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'node-postgres pool: the most connections it opens',
    registers,
  }).set(pool.options.max ?? 10);
}
