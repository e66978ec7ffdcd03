/** A start that cannot go on, said in one line: printed without a stack, and the process exits 1. */
export class StartupError extends Error {}

/** Runs a start or a CLI's body: a StartupError (database unreachable, data folder in use) is one line and exit code 1. */
export async function exitOnStartupError<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
