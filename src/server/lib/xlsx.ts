import { PassThrough, type Readable } from 'node:stream';

/** The MIME type of an .xlsx download. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The one .xlsx writer of the exports: a streamed workbook of one sheet (exceljs streaming writer:
 * rows are written as they come), bold frozen header row.
 */
export async function xlsxStream(
  columns: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
  sheetName = 'Sheet1',
): Promise<Readable> {
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((h) => ({ header: h, width: Math.max(12, h.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    try {
      for await (const row of rows) sheet.addRow([...row]).commit();
      sheet.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
