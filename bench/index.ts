/** `npm run bench`: prints speed figures. A report, not a test: nothing here passes or fails. */
import { benchBulkAccounts } from './bulk-accounts.bench';
import { benchCopies } from './copy.bench';
import { benchCourseList } from './course-list.bench';
import { benchPlatform } from './platform.bench';

console.log('== platform: migrations, demo seed, session lookups ==');
await benchPlatform();

console.log('\n== course list: one institution with 5,000 sections ==');
await benchCourseList();

console.log('\n== course copy: 1,000 copies in one request ==');
await benchCopies();

console.log('\n== bulk accounts: a 10,000-row .xlsx ==');
await benchBulkAccounts();
process.exit(0);
