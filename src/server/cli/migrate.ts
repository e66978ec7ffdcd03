import { loadConfigOrExit } from './load-config';
import { openDatabase } from '../db/client';

const config = loadConfigOrExit();
const database = openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await database.migrate();
console.log(`migrations applied (${database.kind})`);
await database.close();
