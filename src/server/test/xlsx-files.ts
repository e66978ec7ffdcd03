/** Builders for the bulk-account tests: real .xlsx files (exceljs), raw zips and multipart bodies. */
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { BULK_HEADERS } from '../../shared/contract/bulk-accounts';

export type Cell = ExcelJS.CellValue;

/** An .xlsx whose first sheet holds `rows` under the documented header (or `header`). */
export async function xlsx(rows: Cell[][], header: readonly string[] = BULK_HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Accounts');
  if (header.length) ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  wb.addWorksheet('Notes').addRow(['not read']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip from parts, each stored deflated; the declared sizes are the true ones. */
export function zip(parts: { name: string; data: Buffer }[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const body = deflateRawSync(p.data);
    const crc = crc32(p.data);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(8, 8);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(body.length, 18);
    h.writeUInt32LE(p.data.length, 22);
    h.writeUInt16LE(name.length, 26);
    local.push(h, name, body);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(body.length, 20);
    c.writeUInt32LE(p.data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += h.length + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cd, end]);
}

/** A multipart/form-data body with one file in the field `file`. */
export function multipart(fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----cwa${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
