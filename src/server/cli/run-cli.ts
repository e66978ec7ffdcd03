import { StartupError } from '../db/startup-error';

/** Runs a CLI's body: a StartupError (database unreachable, data folder in use) is one line and exit code 1. */
export async function runCli<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
