import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UTF8_BOM } from "./csv";
import {
  createEarningsReportReader,
  type EarningsLine,
  type EarningsLineError,
  type EarningsReportReader,
  MAX_LINES_BEFORE_HEADER,
  readReportDate,
} from "./earnings-report";

/** Reads a whole file fed in pieces of `size` characters (the whole text at once by default). */
function read(text: string, size = text.length || 1) {
  const reader = createEarningsReportReader();
  const lines: EarningsLine[] = [];
  const errors: EarningsLineError[] = [];
  for (let i = 0; i < text.length; i += size) {
    const piece = reader.push(text.slice(i, i + size));
    lines.push(...piece.lines);
    errors.push(...piece.errors);
  }
  const last = reader.end();
  lines.push(...last.lines);
  errors.push(...last.errors);
  return { reader, lines, errors };
}

const figures = ({
  line,
  kind,
  day,
  itemId,
  trackingId,
  items,
  returns,
  revenueCents,
  earningsCents,
  currency,
}: EarningsLine) => ({
  line,
  kind,
  day,
  itemId,
  trackingId,
  items,
  returns,
  revenueCents,
  earningsCents,
  currency,
});

// As Associates Central downloads it: a title line, then the header, CRLF line ends.
const AMAZON_EARNINGS = [
  "Fee-Earnings reports from 10-01-2026 to 10-31-2026",
  "Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group",
  'Pet Supplies,"KONG Classic Dog Toy, Large",B0002AR0II,Amazon.com,pawsome-20,2026-10-03,13.99,2,0,27.98,0.84,DESKTOP',
  'Pet Supplies,"Chuckit! Ultra Ball ""2-pack""",b001v9hj3k,Amazon.com,pawsome-20,10/04/2026,"1,299.00",1,0,"1,299.00",38.97,PHONE',
  "Pet Supplies,Nylabone Power Chew,B0010B6ELU,3rd Party,pawsome-post-20,10/05/2026,9.49,1,1,-9.49,-0.28,PHONE",
  'Pet Supplies,Outward Hound Hide-A-Squirrel,B0050DFR5S,Amazon.com,pawsome-20,"Oct 6, 2026",18.99,1,0,(18.99),(0.57),TABLET',
].join("\r\n");

describe("an Amazon earnings report", () => {
  it("finds the header below the title line and reads each line's figures, in cents", () => {
    const { reader, lines, errors } = read(`${AMAZON_EARNINGS}\r\n`);
    expect(errors).toEqual([]);
    expect(reader.format).toBe("amazon-earnings");
    expect(reader.refusal).toBeNull();
    expect(reader.linesRead).toBe(4);
    expect(lines.map(figures)).toEqual([
      {
        line: 3,
        kind: "earnings",
        day: "2026-10-03",
        itemId: "B0002AR0II",
        trackingId: "pawsome-20",
        items: 2,
        returns: 0,
        revenueCents: 2798,
        earningsCents: 84,
        currency: "USD",
      },
      // quotes, a thousands separator, a lower-case ASIN, the US date
      {
        line: 4,
        kind: "earnings",
        day: "2026-10-04",
        itemId: "B001V9HJ3K",
        trackingId: "pawsome-20",
        items: 1,
        returns: 0,
        revenueCents: 129_900,
        earningsCents: 3897,
        currency: "USD",
      },
      // a return: negative revenue and fees
      {
        line: 5,
        kind: "earnings",
        day: "2026-10-05",
        itemId: "B0010B6ELU",
        trackingId: "pawsome-post-20",
        items: 1,
        returns: 1,
        revenueCents: -949,
        earningsCents: -28,
        currency: "USD",
      },
      // parentheses for a negative amount, Amazon's "Month D, YYYY"
      {
        line: 6,
        kind: "earnings",
        day: "2026-10-06",
        itemId: "B0050DFR5S",
        trackingId: "pawsome-20",
        items: 1,
        returns: 0,
        revenueCents: -1899,
        earningsCents: -57,
        currency: "USD",
      },
    ]);
    expect(lines[0]).toMatchObject({ itemName: "KONG Classic Dog Toy, Large", device: "DESKTOP" });
    expect(lines[1]?.itemName).toBe('Chuckit! Ultra Ball "2-pack"');
  });

  it("skips a byte order mark, blank lines, the Total line and a repeated header row", () => {
    const [title, header, first, second] = AMAZON_EARNINGS.split("\r\n");
    const text = [
      `${UTF8_BOM}${title}`,
      "",
      header,
      first,
      "",
      ",,,,,,,,,,,",
      header,
      second,
      "Total,,,,,,,3,0,1326.98,39.81,",
      "Totals:,,,,,,,,,,,",
      "",
    ].join("\n");
    const { reader, lines, errors } = read(text);
    expect(errors).toEqual([]);
    expect(reader.format).toBe("amazon-earnings");
    expect(lines.map((l) => l.line)).toEqual([4, 8]);
    expect(reader.linesRead).toBe(2);
  });

  it("reads columns in any order, ignores columns it does not know, and takes the currency from the column names", () => {
    const text = [
      "Device Type Group,Direct,Ad Fees(£),Revenue(£),Returns,Items Shipped,Price(£),Date Shipped,Tracking ID,Seller,ASIN,Name,Category",
      "PHONE,Y,1.20,40.00,0,2,20.00,2026-10-07,pawsomeuk-21,Amazon.co.uk,B07ABCDEFG,Rope Tug,Pet Supplies",
      'DESKTOP,N,"1,234.56","41,152.00",0,1,"£41,152.00",2026-10-08,pawsomeuk-21,Amazon.co.uk,B07ABCDEFG,Rope Tug,Pet Supplies',
    ].join("\n");
    const { reader, lines, errors } = read(text);
    expect(errors).toEqual([]);
    expect(reader.format).toBe("amazon-earnings");
    expect(lines.map(figures)).toEqual([
      expect.objectContaining({ line: 2, items: 2, revenueCents: 4000, earningsCents: 120, currency: "GBP" }),
      expect.objectContaining({ line: 3, items: 1, revenueCents: 4_115_200, earningsCents: 123_456, currency: "GBP" }),
    ]);
    expect(lines[0]?.device).toBe("PHONE");
  });

  it("reads a tab-separated report in euros, with the amounts as a German report writes them", () => {
    const text = [
      "Gebühren-Einnahmenbericht",
      "Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice(€)\tItems Shipped\tReturns\tRevenue(€)\tAd Fees(€)\tDevice Type Group",
      "Haustier\tKauknochen, groß\tB08XYZ1234\tAmazon.de\tpawsomede-21\t03.10.2026\t12,99 €\t3\t0\t38,97 €\t1,17 €\tPHONE",
      "Haustier\tBall\tB08XYZ5678\tAmazon.de\tpawsomede-21\t04.10.2026\t1.299,00\t1\t0\t1.299,00\t38,97\tDESKTOP",
    ].join("\r\n");
    const { lines, errors } = read(text);
    expect(errors).toEqual([]);
    expect(lines.map(figures)).toEqual([
      expect.objectContaining({ day: "2026-10-03", revenueCents: 3897, earningsCents: 117, currency: "EUR" }),
      expect.objectContaining({ day: "2026-10-04", revenueCents: 129_900, earningsCents: 3897, currency: "EUR" }),
    ]);
    // a comma inside a tab-separated cell is text
    expect(lines[0]?.itemName).toBe("Kauknochen, groß");
  });

  it("reports a bad line by its physical line number and reads on", () => {
    const text = [
      "Fee-Earnings reports from 10-01-2026 to 10-31-2026",
      "Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group",
      // a name over two physical lines (lines 3 and 4)
      'Pet Supplies,"Two-line\nname",B0002AR0II,Amazon.com,pawsome-20,2026-10-03,13.99,2,0,27.98,0.84,DESKTOP',
      "Pet Supplies,Ball,B0002AR0II,Amazon.com,pawsome-20,13/45/2026,13.99,1,0,13.99,0.42,DESKTOP",
      "Pet Supplies,Ball,B0002AR0II,Amazon.com,pawsome-20,2026-10-04,13.99,1.5,0,ten dollars,0.42,DESKTOP",
      "Pet Supplies,Ball,,Amazon.com,pawsome-20,2026-02-30,13.99,1,0,13.99,,DESKTOP",
      "Pet Supplies,Ball, large,B0002AR0II,Amazon.com,pawsome-20,2026-10-04,13.99,1,0,13.99,0.42,DESKTOP",
      "Pet Supplies,Ball,B0002AR0II,Amazon.com,pawsome-20,2026-10-05,13.99,1,0,13.99,0.42,DESKTOP",
    ].join("\n");
    const { lines, errors, reader } = read(text);
    expect(lines.map((l) => l.line)).toEqual([3, 9]);
    expect(lines[0]?.itemName).toBe("Two-line name");
    expect(errors).toEqual([
      { line: 5, message: 'Line 5: the date "13/45/2026" is not a date' },
      {
        line: 6,
        message:
          'Line 6: "1.5" in "Items Shipped" is not a whole number; "ten dollars" in "Revenue($)" is not an amount',
      },
      {
        line: 7,
        message: 'Line 7: the date "2026-02-30" is not a date; the item id ("ASIN") is empty; "Ad Fees($)" is empty',
      },
      {
        line: 8,
        message: expect.stringMatching(
          /^Line 8: it has 13 cells where the header row has 12 \(a comma inside a name without quotes around it\?\); /,
        ),
      },
    ]);
    expect(reader.linesRead).toBe(6);
  });

  it("refuses an amount in another currency than the line's", () => {
    const text = [
      "ASIN,Date Shipped,Items Shipped,Revenue($),Ad Fees($)",
      "B0002AR0II,2026-10-03,1,€12.00,0.36",
      "B0002AR0II,2026-10-03,1,$12.00,USD 0.36",
    ].join("\n");
    const { lines, errors } = read(text);
    expect(errors).toEqual([
      { line: 2, message: 'Line 2: "€12.00" in "Revenue($)" is in EUR, but the line is in USD' },
    ]);
    expect(lines).toHaveLength(1);
  });
});

describe("an Amazon orders report", () => {
  it("reads items ordered (no fees), the tag as tracking id, and price times quantity as revenue; tab-separated", () => {
    const text = [
      "Fee-Orders reports from 10-01-2026 to 10-31-2026",
      "Category\tName\tASIN\tDate\tQty\tPrice($)\tLink Type\tTag\tIndirect Sales\tDevice Type Group",
      "Pet Supplies\tKONG Classic\tB0002AR0II\t10/03/2026\t3\t13.99\tText+Image\tpawsome-20\t\tDESKTOP",
      "Pet Supplies\tKONG Classic\tB0002AR0II\t2026-10-03 14:22:05\t-1\t13.99\tText+Image\tpawsome-20\t\tDESKTOP",
    ].join("\n");
    const { reader, lines, errors } = read(text);
    expect(errors).toEqual([]);
    expect(reader.format).toBe("amazon-orders");
    expect(lines.map(figures)).toEqual([
      {
        line: 3,
        kind: "orders",
        day: "2026-10-03",
        itemId: "B0002AR0II",
        trackingId: "pawsome-20",
        items: 3,
        returns: 0,
        revenueCents: 4197,
        earningsCents: 0,
        currency: "USD",
      },
      expect.objectContaining({ line: 4, items: -1, revenueCents: -1399, earningsCents: 0 }),
    ]);
  });

  it("also knows the columns as Items Ordered and Tracking ID", () => {
    const text = 'Name,ASIN,Date,Items Ordered,Tracking ID\nBall,B0002AR0II,"October 3, 2026",2,pawsome-20\n';
    const { reader, lines } = read(text);
    expect(reader.format).toBe("amazon-orders");
    expect(lines.map(figures)).toEqual([expect.objectContaining({ day: "2026-10-03", items: 2, revenueCents: 0 })]);
  });
});

describe("the generic CSV", () => {
  it("reads the documented columns in any spelling and order, with the currency per line", () => {
    const text = [
      "Tracking_ID,Item Name,ITEM_ID,Date,Quantity,Revenue,Commission,Currency",
      "chewy-post-1,Rope Toy,SKU-123,2026-10-03,2,24.00,2.40,EUR",
      'chewy-post-1,"Rope Toy, XL",SKU-124,2026-10-03,1,"1,024.00",102.40,',
      "chewy-post-1,Rope Toy,SKU-123,2026-10-04,1,¥1500,¥150,JPY",
      "chewy-post-1,Rope Toy,SKU-123,2026-10-04,1,-24.00,-2.40,eur",
      "chewy-post-1,Rope Toy,SKU-123,2026-10-04,1,24.00,2.40,EURO",
    ].join("\r\n");
    const { reader, lines, errors } = read(text);
    expect(reader.format).toBe("generic");
    expect(lines.map(figures)).toEqual([
      {
        line: 2,
        kind: "earnings",
        day: "2026-10-03",
        itemId: "SKU-123",
        trackingId: "chewy-post-1",
        items: 2,
        returns: 0,
        revenueCents: 2400,
        earningsCents: 240,
        currency: "EUR",
      },
      expect.objectContaining({ line: 3, itemId: "SKU-124", revenueCents: 102_400, currency: "USD" }),
      // yen have no minor unit
      expect.objectContaining({ line: 4, revenueCents: 1500, earningsCents: 150, currency: "JPY" }),
      expect.objectContaining({ line: 5, revenueCents: -2400, earningsCents: -240, currency: "EUR" }),
    ]);
    expect(errors).toEqual([
      { line: 6, message: 'Line 6: the currency "EURO" is not a currency code such as USD, EUR or GBP' },
    ]);
  });
});

describe("identical lines", () => {
  const header = "date,item id,quantity,revenue,commission,tracking id";
  const digest = (content: string) => `h(${content.length})`;

  it("count each: the second identical line of a file is #2, and the same line of another file has the same fingerprint", () => {
    const text = [
      header,
      "2026-10-03,X1,1,10.00,1.00,a",
      "2026-10-03,X1,1,10.00,1.00,a",
      "2026-10-03,X2,1,10.00,1.00,a",
    ];
    const first = read(text.join("\n")).lines;
    expect(first.map((l) => l.occurrence)).toEqual([1, 2, 1]);
    expect(first[1]?.fingerprint).toBe(`${first[0]?.fingerprint.replace(/#1$/, "")}#2`);
    expect(new Set(first.map((l) => l.fingerprint)).size).toBe(3);

    // a later report holding the same day again, the lines in another order, a name reworded
    const overlap = read(
      [
        "item name,date,item id,quantity,revenue,commission,tracking id",
        "Rope,10/03/2026,X2,1,10.00,1.00,a",
        "Rope toy,2026-10-03,X1,1,$10.00,1.00,a",
        "Rope,2026-10-03,X1,1,10.00,1.00,a",
        "Rope,2026-10-03,X1,1,10.00,1.00,a",
      ].join("\n"),
    ).lines;
    expect(overlap.map((l) => l.fingerprint)).toEqual([
      first[2]?.fingerprint,
      first[0]?.fingerprint,
      first[1]?.fingerprint,
      first[1]?.fingerprint.replace(/#2$/, "#3"),
    ]);
  });

  it("counts by the digest the service gives, so only digests are kept", () => {
    const reader = createEarningsReportReader({ digest });
    const { lines } = reader.push(`${header}\n2026-10-03,X1,1,10.00,1.00,a\n2026-10-03,X1,1,10.00,1.00,a\n`);
    expect(lines.map((l) => l.fingerprint)).toEqual([
      expect.stringMatching(/^h\(\d+\)#1$/),
      expect.stringMatching(/#2$/),
    ]);
  });

  it("differ in any figure, the day, the tracking id or the device", () => {
    const lines = read(
      [
        "ASIN,Date Shipped,Items Shipped,Returns,Revenue($),Ad Fees($),Tracking ID,Device Type Group",
        "B0002AR0II,2026-10-03,1,0,10.00,1.00,a-20,PHONE",
        "B0002AR0II,2026-10-04,1,0,10.00,1.00,a-20,PHONE",
        "B0002AR0II,2026-10-03,2,0,10.00,1.00,a-20,PHONE",
        "B0002AR0II,2026-10-03,1,1,10.00,1.00,a-20,PHONE",
        "B0002AR0II,2026-10-03,1,0,10.01,1.00,a-20,PHONE",
        "B0002AR0II,2026-10-03,1,0,10.00,1.01,a-20,PHONE",
        "B0002AR0II,2026-10-03,1,0,10.00,1.00,b-20,PHONE",
        "B0002AR0II,2026-10-03,1,0,10.00,1.00,a-20,DESKTOP",
      ].join("\n"),
    ).lines;
    expect(new Set(lines.map((l) => l.fingerprint)).size).toBe(8);
    expect(lines.every((l) => l.occurrence === 1)).toBe(true);
  });
});

describe("a file that is no report", () => {
  it("is refused when no header row comes within the first lines", () => {
    const { reader, lines, errors } = read("hello\nworld\n1,2,3\n");
    expect(lines).toEqual([]);
    expect(errors).toEqual([]);
    expect(reader.format).toBeNull();
    expect(reader.refusal).toMatch(/^No header row found/);
  });

  it("is refused after the first lines without reading the rest", () => {
    const reader = createEarningsReportReader();
    reader.push("title\n".repeat(MAX_LINES_BEFORE_HEADER));
    expect(reader.refusal).toMatch(/^No header row found/);
    expect(reader.push("ASIN,Date Shipped,Items Shipped,Revenue($),Ad Fees($)\n")).toEqual({ lines: [], errors: [] });
  });

  it("names the columns missing from what looks like a header row", () => {
    const { reader } = read(
      "Report\nCategory,Name,ASIN,Date Shipped,Items Shipped,Revenue($)\nx,y,B0002AR0II,2026-10-03,1,1.00\n",
    );
    expect(reader.refusal).toMatch(
      /^Line 2 looks like the header row of an Amazon earnings report, but it has no "Ad Fees\(\$\)" column\./,
    );
  });

  it("is refused when empty", () => {
    expect(read("").reader.refusal).toMatch(/^No header row found/);
    expect(read(UTF8_BOM).reader.refusal).toMatch(/^No header row found/);
  });

  it("refuses a first line that never ends (no report has one)", () => {
    const reader = createEarningsReportReader();
    reader.push("x".repeat(70_000));
    expect(reader.refusal).toMatch(/^No header row found/);
  });
});

describe("reading in pieces", () => {
  it("gives the same lines, errors and line numbers however the text is cut", () => {
    const text = `${UTF8_BOM}${AMAZON_EARNINGS}\r\nPet Supplies,Ball,B0002AR0II,Amazon.com,pawsome-20,2026-99-01,1,1,0,1,1,PHONE\r\n"open`;
    const whole = read(text);
    expect(whole.errors.map((e) => e.line)).toEqual([7, 8]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (size) => {
        const pieces = read(text, size);
        expect(pieces.lines).toEqual(whole.lines);
        expect(pieces.errors).toEqual(whole.errors);
      }),
      { numRuns: 40 },
    );
  });

  it("keeps a CR and LF split between two pieces as one line break", () => {
    const reader: EarningsReportReader = createEarningsReportReader();
    reader.push("Title\r");
    reader.push("\nASIN,Date Shipped,Items Shipped,Revenue($),Ad Fees($)\r");
    const { lines } = reader.push("\nB0002AR0II,2026-10-03,1,1.00,0.03\r");
    const last = reader.end();
    expect([...lines, ...last.lines].map((l) => l.line)).toEqual([3]);
  });

  it("reports a line far longer than any report's, keeping none of it, and reads on", () => {
    const text = `ASIN,Date Shipped,Items Shipped,Revenue($),Ad Fees($)\nB0002AR0II,2026-10-03,1,"${"x".repeat(70_000)}",1\nB0002AR0II,2026-10-03,1,1.00,0.03\n`;
    const { lines, errors } = read(text, 4096);
    expect(errors).toEqual([
      { line: 2, message: expect.stringMatching(/^Line 2: the line is longer than 65,536 characters/) },
    ]);
    expect(lines.map((l) => l.line)).toEqual([3]);
  });
});

describe("readReportDate", () => {
  it("reads the dates reports write", () => {
    expect(readReportDate("2026-10-03")).toBe("2026-10-03");
    expect(readReportDate("2026-10-03T23:59:59Z")).toBe("2026-10-03");
    expect(readReportDate("10/03/2026")).toBe("2026-10-03");
    expect(readReportDate("10-03-2026")).toBe("2026-10-03");
    expect(readReportDate("1/3/26")).toBe("2026-01-03");
    expect(readReportDate("03.10.2026")).toBe("2026-10-03");
    expect(readReportDate("Oct 3, 2026")).toBe("2026-10-03");
    expect(readReportDate("October 3, 2026")).toBe("2026-10-03");
    expect(readReportDate("Sept. 3, 2026")).toBe("2026-09-03");
    expect(readReportDate("3 October 2026")).toBe("2026-10-03");
    expect(readReportDate("2028-02-29")).toBe("2028-02-29");
  });

  it("refuses days no calendar has, and what is no date", () => {
    for (const text of [
      "13/45/2026",
      "02/30/2026",
      "2026-13-01",
      "2027-02-29",
      "2026-10-00",
      "Oc 3, 2026",
      "Foo 3, 2026",
      "",
      "yesterday",
      "1899-01-01",
    ]) {
      expect(readReportDate(text), text).toBeNull();
    }
  });
});
