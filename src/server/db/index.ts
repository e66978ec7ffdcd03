export * as schema from './schema';
export { openDatabase, type Database, type Db, type SqlRunner } from './client';
