import { BULK_HEADERS, BULK_LIMITS } from '../../../shared/contract/bulk-accounts';
import type { Db } from '../../db/client';
import { institutionRoles } from './job-actor';

/**
 * The downloadable template: sheet "Accounts" with the documented header row (and a list check on
 * Role), sheet "Roles" with the institution's role names, sheet "Instructions".
 */
export async function templateWorkbook(db: Db, institutionId: number): Promise<Buffer> {
  const roles = await institutionRoles(db, institutionId);
  const { default: ExcelJS } = await import('exceljs'); // loaded when first used, not at start
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Courseware Admin';
  const sheet = wb.addWorksheet('Accounts', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BULK_HEADERS.map((h) => ({
    header: h,
    width: h === 'Email' || h === 'Username' ? 32 : 20,
  }));
  sheet.getRow(1).font = { bold: true };
  if (roles.length > 0) {
    const last = BULK_LIMITS.maxRows + 1;
    for (let r = 2; r <= Math.min(last, 1001); r++) {
      sheet.getCell(`E${r}`).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`Roles!$A$2:$A$${roles.length + 1}`],
        showErrorMessage: true,
        errorTitle: 'Role',
        error: 'Choose one of the roles listed on the Roles sheet.',
      };
    }
  }
  const roleSheet = wb.addWorksheet('Roles');
  roleSheet.columns = [{ header: 'Role', width: 32 }];
  roleSheet.getRow(1).font = { bold: true };
  for (const r of roles) roleSheet.addRow([r.name]);
  const help = wb.addWorksheet('Instructions');
  help.columns = [{ width: 110 }];
  for (const line of [
    'One account per row of the Accounts sheet, below the header row. Keep the header row as it is.',
    'First Name, Last Name, Email and Role are required. Username is optional: the e-mail address is used when it is empty.',
    'Role is the name of a role of the institution (see the Roles sheet).',
    `At most ${BULK_LIMITS.maxRows.toLocaleString('en-US')} rows and 5 MB. Save as .xlsx (Excel Workbook).`,
    'A row whose e-mail matches an existing account updates that account (name and role) instead of creating one.',
    'Before anything is saved you see what every row would do, and choose: create only, update only, or both.',
  ]) {
    help.addRow([line]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
