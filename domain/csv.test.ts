import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, parseCsv, readCsvCell, UTF8_BOM, writeCsvCell, writeCsvLine } from "./csv";

const records = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.records;
};

describe("csvCell (the quiz and subscriber exports)", () => {
  it("writes a placeholder for empty values and an apostrophe before formulas", () => {
    expect(csvCell(null)).toBe("-");
    expect(csvCell("")).toBe("-");
    expect(csvCell("-")).toBe("-");
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
  });
});

describe("cells that are read back (writeCsvCell, readCsvCell)", () => {
  it("neutralises what a spreadsheet would run: = + - @ tab and CR", () => {
    for (const value of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) {
      expect(writeCsvCell(value).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(writeCsvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  });

  it("leaves other text, empty text and numbers as they are", () => {
    expect(writeCsvCell("")).toBe("");
    expect(writeCsvCell("$12.99")).toBe("$12.99");
    expect(writeCsvCell("4.5")).toBe("4.5");
    expect(writeCsvCell("Ball, 3-pack")).toBe('"Ball, 3-pack"');
  });

  it("guards a leading apostrophe too, so reading back removes exactly the one it added", () => {
    expect(writeCsvCell("'=1")).toBe("''=1");
    expect(readCsvCell("''=1")).toBe("'=1");
    expect(readCsvCell("'=1")).toBe("=1");
    expect(writeCsvCell("'Tis")).toBe("''Tis");
    // as a person types it in a spreadsheet: not a guard, kept
    expect(readCsvCell("'Tis")).toBe("'Tis");
    expect(readCsvCell("'")).toBe("'");
  });

  it("round-trips any text through a line and the parser", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 6 }), (cells) => {
        // after a header line, as in a file (a byte order mark is only skipped at its very start)
        const parsed = parseCsv(`header\r\n${writeCsvLine(cells)}`);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        // a lone empty cell is a blank line, which the reader sees as one empty cell too
        expect(parsed.records).toHaveLength(2);
        expect(parsed.records[1]?.cells.map(readCsvCell)).toEqual(cells);
      }),
      { numRuns: 500 },
    );
  });
});

describe("parseCsv", () => {
  it("reads quotes, commas and line breaks inside quoted cells", () => {
    expect(records('a,"b, c","say ""hi""","two\nlines"\r\n')).toEqual([
      { line: 1, cells: ["a", "b, c", 'say "hi"', "two\nlines"] },
    ]);
  });

  it("ends records at CRLF, LF or CR, the last line break optional", () => {
    expect(records("a,b\r\nc,d\ne,f\rg,h").map((r) => r.cells)).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
    ]);
    expect(records("a\r\n")).toHaveLength(1);
  });

  it("keeps a quoted cell's line breaks as written and counts them as lines", () => {
    const read = records('h\r\n"one\r\ntwo\nthree"\r\nnext\r\n"x\ry"\r\nlast');
    expect(read.map((r) => r.line)).toEqual([1, 2, 5, 6, 8]);
    expect(read[1]?.cells).toEqual(["one\r\ntwo\nthree"]);
    expect(read[3]?.cells).toEqual(["x\ry"]);
  });

  it("drops a byte order mark, and only a leading one", () => {
    expect(records(`${UTF8_BOM}id,name\r\n`)[0]?.cells).toEqual(["id", "name"]);
    expect(records(`x${UTF8_BOM}`)[0]?.cells).toEqual([`x${UTF8_BOM}`]);
  });

  it("reads empty cells, empty quoted cells and blank lines", () => {
    expect(records(',"",\r\n\r\nx').map((r) => r.cells)).toEqual([["", "", ""], [""], ["x"]]);
  });

  it("keeps a quote inside an unquoted cell, and unicode as it is", () => {
    expect(records('5" ball,Hündchen 🐶,日本')[0]?.cells).toEqual(['5" ball', "Hündchen 🐶", "日本"]);
  });

  it("refuses a quoted cell never closed, naming the line it opens on", () => {
    expect(parseCsv('h\r\nok\r\n"never\r\nclosed')).toEqual({
      ok: false,
      line: 3,
      message: "Line 3: a quoted cell is never closed",
    });
  });

  it("refuses text after a closing quote", () => {
    const parsed = parseCsv('h\n"a"b,c');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/^Line 2: a quoted cell must end at a comma/);
  });
});
