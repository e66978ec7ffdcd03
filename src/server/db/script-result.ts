interface StatementResult {
  rows: any[];
  fields?: unknown[];
}

/**
 * The answer of one statement, or of a script (`BEGIN; …; COMMIT`, as pg-boss's locked statements are):
 * both drivers return one result per statement there, and pg-boss reads the rows of the one statement
 * that returns any, so the script answers with the last result that has columns.
 */
export function scriptResult(result: StatementResult | StatementResult[]): { rows: any[] } {
  if (!Array.isArray(result)) return { rows: result.rows };
  const withColumns = result.findLast((r) => (r.fields?.length ?? 0) > 0);
  return { rows: (withColumns ?? result.at(-1))?.rows ?? [] };
}
