import { migrateOnce } from '../db/open-configured';
import { loadConfigOrExit } from './load-config';
import { runCli } from './run-cli';

const config = loadConfigOrExit();
await runCli(async () => console.log(await migrateOnce(config)));
