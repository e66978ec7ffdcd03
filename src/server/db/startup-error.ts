/** A start that cannot go on, said in one line: printed without a stack, and the process exits 1. */
export class StartupError extends Error {}
