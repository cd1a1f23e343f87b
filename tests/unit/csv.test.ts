import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/server/lib/http/csv.ts';

describe('CSV for spreadsheets', () => {
  it('quotes what needs quoting, doubles quotes, ends lines with CRLF and starts with a byte order mark', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula; numbers stay numbers', () => {
    expect(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx'].map(csvCell)).toEqual(["'=1+1", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tx"]);
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect([csvCell(-5), csvCell(4.99), csvCell(true), csvCell(undefined)]).toEqual(['-5', '4.99', 'true', '']);
    expect(csvCell([{ a: 1 }])).toBe('"[{""a"":1}]"');
  });
});
