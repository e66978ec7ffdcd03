/** `npm run bench`: prints speed figures. A report, not a test: nothing here passes or fails. */
import { existsSync } from 'node:fs';
import { benchPlatform } from './platform.bench';

console.log('== platform: migrations, demo seed, session lookups ==');
await benchPlatform();

if (existsSync(new URL('./copy.bench.ts', import.meta.url))) {
  console.log('\n== course copy: 1,000 copies in one request ==');
  const { benchCopies } = await import('./copy.bench');
  await benchCopies();
}
process.exit(0);
