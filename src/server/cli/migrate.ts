import { migrateOnce } from '../db/open-configured';
import { loadConfigOrExit } from './load-config';
import { exitOnStartupError } from '../db/startup-error';

const config = loadConfigOrExit();
await exitOnStartupError(async () => console.log(await migrateOnce(config)));
