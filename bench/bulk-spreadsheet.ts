/**
 * The bulk-account spreadsheet the benches upload, laid out like the downloadable template: sheet
 * Accounts (header row, then `rows` accounts), sheet Roles. Roles are the demo world's Instructor and
 * Teaching Assistant; half the rows name a user name, the other half leave it to default to the e-mail.
 */
import ExcelJS from 'exceljs';
import { BULK_HEADERS } from '../src/shared/contract/bulk-accounts';

export const BULK_EMAIL_DOMAIN = 'bulk-bench.example.edu';
export const BULK_ROLES = ['Instructor', 'Teaching Assistant'] as const;
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Radia', 'Ken'];

export async function writeBulkSpreadsheet(path: string, rows: number) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'bulk-accounts bench';
  const sheet = wb.addWorksheet('Accounts');
  sheet.addRow([...BULK_HEADERS]);
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(5, '0');
    sheet.addRow([
      FIRST[i % FIRST.length],
      `Bench${n}`,
      `bench.user.${n}@${BULK_EMAIL_DOMAIN}`,
      i % 2 === 0 ? `bench_user_${n}` : '',
      BULK_ROLES[i % BULK_ROLES.length],
    ]);
  }
  const roles = wb.addWorksheet('Roles');
  roles.addRow(['Role']);
  for (const r of BULK_ROLES) roles.addRow([r]);
  await wb.xlsx.writeFile(path);
}
