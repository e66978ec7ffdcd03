import { openConfiguredDatabase } from '../db/open-configured';
import { ensureInternalGroup } from '../db/internal-group';
import { seedDemo } from '../db/seed';
import { argValue, loadConfigOrExit } from './load-config';
import { exitOnStartupError } from '../db/startup-error';

const argv = process.argv.slice(2);
const config = loadConfigOrExit();
const scale = Number(argValue(argv, 'scale') ?? '1');
if (!Number.isInteger(scale) || scale < 1 || scale > 100) {
  console.error('--scale must be a whole number from 1 to 100');
  process.exit(1);
}
if (config.databaseUrl && !argv.includes('--demo')) {
  console.error(
    'DATABASE_URL is set: demo seeding would write into that database. Pass --demo to do it anyway.',
  );
  process.exit(1);
}
const database = await exitOnStartupError(() => openConfiguredDatabase(config));
await database.migrate();
await ensureInternalGroup(database.db, config.internalGroupId);
const report = await seedDemo(database.db, {
  password: config.demoPassword,
  internalGroupId: config.internalGroupId,
  scale,
  log: (m) => console.log(m),
});
console.log(report ? JSON.stringify(report) : 'the database already has institutions: nothing seeded');
await database.close();
