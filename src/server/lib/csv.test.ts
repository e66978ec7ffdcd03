import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { contentDisposition, csvStream, neutralise } from './csv';

/** The bytes as text, BOM kept (TextDecoder would drop it). */
const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');

describe('the CSV writer', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
  ])('neutralises a text cell starting with %j', (cell, written) => {
    expect(neutralise(cell)).toBe(written);
  });

  it('leaves other text, numbers, booleans, dates and empty cells as they are', () => {
    expect(['plain', 'a=b', ' =x', '', null, undefined, -5, 0, true].map(neutralise)).toEqual([
      'plain',
      'a=b',
      ' =x',
      '',
      '',
      '',
      '-5',
      '0',
      'true',
    ]);
    expect(neutralise(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('streams a BOM, the header and the rows with CRLF line ends, neutralised and quoted', async () => {
    async function* rows() {
      yield ['=HYPERLINK("x")', 3];
      yield ['a,b', '@me'];
    }
    expect(await text(csvStream(['Name', '-Count'], rows()))).toBe(
      '\uFEFFName,\'-Count\r\n"\'=HYPERLINK(""x"")",3\r\n"a,b",\'@me\r\n',
    );
    expect(await text(csvStream(['A'], [['+1']]))).toBe("\uFEFFA\r\n'+1\r\n");
  });

  it('writes rows across chunks in order, each on its own CRLF line', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => [`row ${i}`, i]);
    const lines = (await text(csvStream(['Name', 'N'], rows))).split('\r\n');
    expect(lines).toHaveLength(252);
    expect(lines[0]).toBe('\uFEFFName,N');
    expect(lines.slice(1, 251)).toEqual(rows.map(([name, n]) => `${name},${n}`));
    expect(lines[251]).toBe('');
  });

  it('writes the header alone when there are no rows', async () => {
    expect(await text(csvStream(['A', 'B'], []))).toBe('\uFEFFA,B\r\n');
  });

  it('stops reading the rows when the download is cut off', async () => {
    let read = 0;
    let closed = false;
    async function* rows() {
      try {
        for (;;) {
          read++;
          yield ['x'];
        }
      } finally {
        closed = true;
      }
    }
    const stream = csvStream(['A'], rows());
    for await (const _chunk of stream) break;
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
    expect(read).toBeLessThan(1000);
  });

  it('writes RFC 6266 file names', () => {
    expect(contentDisposition('Rapport é.csv')).toBe(
      `attachment; filename="Rapport _.csv"; filename*=UTF-8''Rapport%20%C3%A9.csv`,
    );
    expect(contentDisposition('a"b.csv')).toContain('filename="a_b.csv"');
  });
});
