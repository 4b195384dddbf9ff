// Product feeds in Google Merchant Center's product data format (issue 27, decision 054): RSS 2.0
// or Atom with the `g:` namespace, or a tab-separated file whose header row names the same
// attributes. Feeds come from other programmes' servers, so everything here is lenient about form
// (BOM, CRLF, stray HTML entities, undeclared prefixes, quoted cells) and strict about meaning: an
// item without an id, a second item with the same id or a price we cannot read is reported with
// its position, never guessed and never thrown. One pass over the text, linear in its length.
import { isCurrencyCode, type Money, moneyFromDecimal, type RetailerAvailability } from "./retailer-item";

export const GOOGLE_PRODUCT_NS = "http://base.google.com/ns/1.0";
const ATOM_NS = "http://www.w3.org/2005/Atom";
const RSS1_NS = "http://purl.org/rss/1.0/";

export type FeedFormat = "rss" | "atom" | "tsv";

/** One product of a feed, its attributes read and checked. */
export interface FeedItem {
  id: string;
  title: string | null;
  link: string | null;
  imageLink: string | null;
  /** the regular price */
  price: Money | null;
  /** the reduced price, when the item is on sale */
  salePrice: Money | null;
  availability: RetailerAvailability;
  gtin: string | null;
  mpn: string | null;
  /** 1-based number of the item in the feed, for the owner's report */
  position: number;
  /** the line its element or row starts on */
  line: number;
}

/** Something the owner should fix in the feed; the item it names was skipped or lost that attribute. */
export interface FeedProblem {
  /** the item's number in the feed, or null for the feed as a whole */
  position: number | null;
  line: number;
  id: string | null;
  /** the attribute at fault, when one is */
  field: string | null;
  message: string;
}

export interface ParsedFeed {
  /** null when the text is neither XML nor a tab-separated file with an id column */
  format: FeedFormat | null;
  items: FeedItem[];
  /** the first `maxProblems`; `problemCount` says how many there were in all */
  problems: FeedProblem[];
  problemCount: number;
}

export interface FeedParseOptions {
  /** the currency of a price written without one ("12.99"); without it such a price is reported */
  defaultCurrency?: string;
  /** default 500: a feed broken on every line should not fill the report with 10,000 rows */
  maxProblems?: number;
}

/** Reads a feed in any of the three formats, told apart by its first non-blank character. */
export function parseProductFeed(text: string, options: FeedParseOptions = {}): ParsedFeed {
  const body = stripBom(text);
  return body.trimStart().startsWith("<") ? parseProductFeedXml(body, options) : parseProductFeedTsv(body, options);
}

// ---------------------------------------------------------------------------------------------
// Attribute values

/** The attributes the site uses; the others of Google's specification are ignored, not reported. */
const ATTRIBUTES = ["id", "title", "link", "image_link", "price", "sale_price", "availability", "gtin", "mpn"] as const;
type Attribute = (typeof ATTRIBUTES)[number];
type RawItem = Partial<Record<Attribute, string>>;

const AVAILABILITY_SPELLINGS: Record<string, RetailerAvailability> = {
  in_stock: "in_stock",
  instock: "in_stock",
  // Google's former value, which it reads as in stock
  available_for_order: "in_stock",
  out_of_stock: "out_of_stock",
  outofstock: "out_of_stock",
  preorder: "preorder",
  pre_order: "preorder",
  backorder: "backorder",
  back_order: "backorder",
};

/** "in stock", "in_stock", "In-Stock", "https://schema.org/InStock" -> "in_stock"; null when unknown. */
export function parseFeedAvailability(text: string): RetailerAvailability | null {
  const key = text
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, "")
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return AVAILABILITY_SPELLINGS[key] ?? null;
}

const CURRENCY_SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP" };
const CODE_FIRST = /^([A-Za-z]{3})\s*([\d.,\s\u00a0\u202f']+)$/;
const CODE_LAST = /^([\d.,\s\u00a0\u202f']+?)\s*([A-Za-z]{3})$/;
const SYMBOL_FIRST = /^([$€£])\s*([\d.,\s\u00a0\u202f']+)$/;
const BARE = /^[\d.,\s\u00a0\u202f']+$/;

/**
 * Google's "12.99 USD", and what feeds write instead: "USD 12.99", "1,299.00 EUR", "12,99 EUR",
 * "1 299,00 EUR", "$12.99", "12.99" (with a default currency). The last separator followed by one
 * or two digits is the decimal one; a lone comma before exactly three digits groups thousands.
 */
export function parseFeedPrice(
  text: string,
  defaultCurrency?: string,
): { ok: true; money: Money } | { ok: false; message: string } {
  const value = text.trim();
  let digits: string | undefined;
  let currency: string | undefined;
  const codeLast = CODE_LAST.exec(value);
  const codeFirst = codeLast ? null : CODE_FIRST.exec(value);
  const symbolFirst = codeLast || codeFirst ? null : SYMBOL_FIRST.exec(value);
  if (codeLast) [, digits, currency] = codeLast;
  else if (codeFirst) [, currency, digits] = codeFirst;
  else if (symbolFirst) {
    digits = symbolFirst[2];
    currency = CURRENCY_SYMBOLS[symbolFirst[1] ?? ""];
  } else if (BARE.test(value)) {
    if (!defaultCurrency) return { ok: false, message: `"${value}" has no currency: write it as "${value} USD"` };
    digits = value;
    currency = defaultCurrency;
  }
  if (digits === undefined || currency === undefined)
    return { ok: false, message: `"${value}" is not a price: write it as "12.99 USD"` };
  const amount = normaliseAmount(digits);
  const code = currency.toUpperCase();
  const money = amount === null || !isCurrencyCode(code) ? null : moneyFromDecimal(amount, code);
  return money ? { ok: true, money } : { ok: false, message: `"${value}" is not a price: write it as "12.99 USD"` };
}

function normaliseAmount(text: string): string | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, "");
  // Separators sit between digits, one at a time: "12..99" and "12." are not amounts.
  if (!/^\d+(?:[.,]\d+)*$/.test(compact)) return null;
  const lastDot = compact.lastIndexOf(".");
  const lastComma = compact.lastIndexOf(",");
  const decimalAt = Math.max(lastDot, lastComma);
  let whole = compact;
  let fraction = "";
  if (decimalAt !== -1) {
    const tail = compact.slice(decimalAt + 1);
    const onlyOneKind = lastDot === -1 || lastComma === -1;
    const separatorCount = compact.split(compact[decimalAt] ?? "").length - 1;
    // "1,299" and "1.299.000" group thousands; "12,99", "1,299.00" and "12.5" have decimals.
    const groupsThousands = onlyOneKind && tail.length === 3 && (compact[decimalAt] === "," || separatorCount > 1);
    if (!groupsThousands) {
      whole = compact.slice(0, decimalAt);
      fraction = tail;
    }
  }
  whole = whole.replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  return fraction ? `${whole}.${fraction}` : whole;
}

const HTML_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  deg: "°",
  times: "×",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  sect: "§",
  szlig: "ß",
};
// Accented letters in both cases (&eacute; &Uuml; &ntilde; ...), composed from the letter and its mark.
const ACCENTS: Record<string, [mark: string, letters: string]> = {
  acute: ["\u0301", "aeiouy"],
  grave: ["\u0300", "aeiou"],
  circ: ["\u0302", "aeiou"],
  uml: ["\u0308", "aeiouy"],
  tilde: ["\u0303", "aon"],
  ring: ["\u030a", "a"],
  cedil: ["\u0327", "c"],
};
for (const [accent, [mark, letters]] of Object.entries(ACCENTS)) {
  for (const letter of letters) {
    HTML_ENTITIES[`${letter}${accent}`] = `${letter}${mark}`.normalize("NFC");
    HTML_ENTITIES[`${letter.toUpperCase()}${accent}`] = `${letter.toUpperCase()}${mark}`.normalize("NFC");
  }
}
HTML_ENTITIES.oslash = "ø";
HTML_ENTITIES.Oslash = "Ø";

const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/**
 * Replaces character references and the HTML entities feeds use (&nbsp;, &eacute;, ...). An
 * unknown name or a reference to a character XML forbids stays as written: shown text beats a
 * dropped one, and nothing here is ever interpreted as markup.
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] !== "#") return HTML_ENTITIES[name] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    return allowed ? String.fromCodePoint(code) : whole;
  });
}

/** Runs of white space (line breaks and no-break spaces included) become one space; ends are trimmed. */
function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function httpUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Collects problems up to the cap while counting all of them. */
class ProblemLog {
  readonly list: FeedProblem[] = [];
  count = 0;
  constructor(private readonly max: number) {}
  add(problem: FeedProblem): void {
    this.count++;
    if (this.list.length < this.max) this.list.push(problem);
  }
}

/** Turns one item's raw attributes into a FeedItem, or reports why it cannot be one. */
class ItemBuilder {
  readonly items: FeedItem[] = [];
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly problems: ProblemLog,
    private readonly defaultCurrency: string | undefined,
  ) {}

  add(raw: RawItem, position: number, line: number): void {
    const id = cleanText(raw.id ?? "");
    if (!id) {
      this.problems.add({
        position,
        line,
        id: null,
        field: "id",
        message: `item ${position} has no id and was skipped`,
      });
      return;
    }
    const first = this.seen.get(id);
    if (first !== undefined) {
      this.problems.add({
        position,
        line,
        id,
        field: "id",
        message: `item ${position} repeats the id "${id}" of item ${first} and was skipped`,
      });
      return;
    }
    this.seen.set(id, position);
    const report = (field: Attribute, message: string) => this.problems.add({ position, line, id, field, message });

    const money = (field: "price" | "sale_price"): Money | null => {
      const text = raw[field]?.trim();
      if (!text) return null;
      const parsed = parseFeedPrice(text, this.defaultCurrency);
      if (parsed.ok) return parsed.money;
      report(field, `${field}: ${parsed.message}`);
      return null;
    };
    const url = (field: "link" | "image_link"): string | null => {
      const text = raw[field]?.trim();
      if (!text) return null;
      const href = httpUrl(text);
      if (!href) report(field, `${field}: "${text}" is not an http(s) address`);
      return href;
    };

    let availability: RetailerAvailability = "unknown";
    const availabilityText = raw.availability?.trim();
    if (availabilityText) {
      const parsed = parseFeedAvailability(availabilityText);
      if (parsed) availability = parsed;
      else
        report(
          "availability",
          `availability: "${availabilityText}" is not one of in_stock, out_of_stock, preorder, backorder`,
        );
    } else report("availability", "availability is missing");

    // A title may be escaped twice (&amp;quot;): the XML layer undid one level, this undoes the other.
    const title = cleanText(decodeEntities(raw.title ?? "")) || null;
    const optional = (field: "gtin" | "mpn") => cleanText(raw[field] ?? "") || null;
    this.items.push({
      id,
      title,
      link: url("link"),
      imageLink: url("image_link"),
      price: money("price"),
      salePrice: money("sale_price"),
      availability,
      gtin: optional("gtin"),
      mpn: optional("mpn"),
      position,
      line,
    });
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Line numbers for positions read in increasing order, counting each newline once. */
class LineCounter {
  private position = 0;
  private line = 1;
  constructor(private readonly text: string) {}
  at(position: number): number {
    let from = this.position;
    while (from < position) {
      const next = this.text.indexOf("\n", from);
      if (next === -1 || next >= position) break;
      this.line++;
      from = next + 1;
    }
    this.position = Math.max(this.position, position);
    return this.line;
  }
}

// ---------------------------------------------------------------------------------------------
// XML (RSS 2.0, RSS 1.0, Atom)

interface OpenElement {
  /** the qualified name as written, to match its end tag */
  qname: string;
  ns: string;
  local: string;
  /** prefixes this element declared (xmlns:p), or null when it declared none */
  scope: Map<string, string> | null;
}

const NAME_START = /[A-Za-z_:\u00c0-\uffff]/;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Reads an XML feed; see the file comment for what it forgives. */
export function parseProductFeedXml(text: string, options: FeedParseOptions = {}): ParsedFeed {
  const xml = stripBom(text).replace(/\r\n?/g, "\n");
  const problems = new ProblemLog(options.maxProblems ?? 500);
  const builder = new ItemBuilder(problems, options.defaultCurrency);
  const lines = new LineCounter(xml);
  const stack: OpenElement[] = [];
  let format: FeedFormat | null = null;

  // the item being read: its element's depth, its attributes, the one being captured
  let item: { depth: number; position: number; line: number; g: RawItem; plain: RawItem } | null = null;
  let field: { key: Attribute; google: boolean; text: string } | null = null;
  let position = 0;

  const resolve = (prefix: string): string | undefined => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const uri = stack[i]?.scope?.get(prefix);
      if (uri !== undefined) return uri;
    }
    // Feeds that write g:price without declaring the prefix still mean Google's namespace.
    if (prefix === "g") return GOOGLE_PRODUCT_NS;
    return prefix === "" ? "" : undefined;
  };

  const feedProblem = (at: number, message: string) =>
    problems.add({ position: item?.position ?? null, line: lines.at(at), id: null, field: null, message });

  const onText = (raw: string) => {
    if (field) field.text += raw;
  };

  const onOpen = (qname: string, attributes: string, at: number, selfClosing: boolean) => {
    let scope: Map<string, string> | null = null;
    const values = new Map<string, string>();
    for (const match of attributes.matchAll(ATTRIBUTE)) {
      const name = match[1] ?? "";
      const value = decodeEntities(match[2] ?? match[3] ?? "");
      if (name === "xmlns" || name.startsWith("xmlns:")) {
        scope ??= new Map();
        scope.set(name === "xmlns" ? "" : name.slice(6), value);
      } else values.set(name, value);
    }
    const colon = qname.indexOf(":");
    const prefix = colon === -1 ? "" : qname.slice(0, colon);
    const local = colon === -1 ? qname : qname.slice(colon + 1);
    const element: OpenElement = { qname, ns: "", local, scope };
    stack.push(element);
    element.ns = resolve(prefix) ?? `urn:undeclared:${prefix}`;

    if (format === null && stack.length === 1) {
      if (local === "rss" || local === "RDF") format = "rss";
      else if (local === "feed" && element.ns === ATOM_NS) format = "atom";
    }
    const depth = stack.length;
    const isItem =
      (local === "item" && (element.ns === "" || element.ns === RSS1_NS)) ||
      (local === "entry" && element.ns === ATOM_NS);
    if (!item && isItem) {
      position++;
      item = { depth, position, line: lines.at(at), g: {}, plain: {} };
    } else if (item && depth === item.depth + 1 && !field) {
      const google = element.ns === GOOGLE_PRODUCT_NS || element.ns === `${GOOGLE_PRODUCT_NS}/`;
      const key = ATTRIBUTES.find((name) => name === local);
      // Atom's <link href="..."/> carries the address in an attribute, RSS's in its text.
      if (!google && local === "link" && element.ns === ATOM_NS) {
        const rel = values.get("rel") ?? "alternate";
        const href = values.get("href");
        if (rel === "alternate" && href && item.plain.link === undefined) item.plain.link = href;
      } else if (key && (google || key === "title" || key === "link")) {
        field = { key, google, text: "" };
      }
    }
    if (selfClosing) onClose(qname, at);
  };

  const onClose = (qname: string, at: number) => {
    let index = stack.length - 1;
    while (index >= 0 && stack[index]?.qname !== qname) index--;
    if (index === -1) {
      feedProblem(at, `</${qname}> closes an element that is not open`);
      return;
    }
    if (index !== stack.length - 1)
      feedProblem(at, `<${stack[stack.length - 1]?.qname}> is not closed before </${qname}>`);
    // Closing an outer element closes everything inside it, as HTML parsers do.
    while (stack.length > index) {
      const depth = stack.length;
      stack.pop();
      if (field && item && depth === item.depth + 1) {
        const target = field.google ? item.g : item.plain;
        // The first of a repeated attribute wins, as in Merchant Center.
        if (target[field.key] === undefined) target[field.key] = field.text;
        field = null;
      }
      if (item && depth === item.depth) {
        const raw: RawItem = {
          ...item.g,
          title: item.g.title ?? item.plain.title,
          link: item.g.link ?? item.plain.link,
        };
        builder.add(raw, item.position, item.line);
        item = null;
      }
    }
  };

  const length = xml.length;
  let i = 0;
  while (i < length) {
    const lt = xml.indexOf("<", i);
    if (lt === -1) {
      onText(decodeEntities(xml.slice(i)));
      break;
    }
    if (lt > i) onText(decodeEntities(xml.slice(i, lt)));
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end === -1) {
        feedProblem(lt, "a comment is never closed");
        break;
      }
      i = end + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      if (end === -1) {
        feedProblem(lt, "a CDATA section is never closed");
        break;
      }
      onText(xml.slice(lt + 9, end));
      i = end + 3;
    } else if (xml.startsWith("<?", lt)) {
      const end = xml.indexOf("?>", lt + 2);
      i = end === -1 ? length : end + 2;
    } else if (xml.startsWith("<!", lt)) {
      // A DOCTYPE and its internal subset are skipped whole: entities it declares are never
      // expanded, so a feed cannot make the parser read files or grow without bound.
      let j = lt + 2;
      let brackets = 0;
      while (j < length) {
        const c = xml[j];
        if (c === "[") brackets++;
        else if (c === "]") brackets--;
        else if (c === ">" && brackets <= 0) break;
        j++;
      }
      i = j + 1;
    } else if (xml[lt + 1] === "/") {
      const end = xml.indexOf(">", lt);
      if (end === -1) break;
      onClose(xml.slice(lt + 2, end).trim(), lt);
      i = end + 1;
    } else if (NAME_START.test(xml[lt + 1] ?? "")) {
      let j = lt + 1;
      let quote = "";
      while (j < length) {
        const c = xml[j];
        if (quote) {
          if (c === quote) quote = "";
        } else if (c === '"' || c === "'") quote = c;
        else if (c === ">") break;
        j++;
      }
      if (j >= length) {
        feedProblem(lt, "the feed ends inside a tag");
        break;
      }
      const inside = xml.slice(lt + 1, j);
      const selfClosing = inside.endsWith("/");
      const nameEnd = inside.search(/[\s/]|$/);
      onOpen(inside.slice(0, nameEnd), inside.slice(nameEnd, selfClosing ? -1 : undefined), lt, selfClosing);
      i = j + 1;
    } else {
      // "<" that starts no tag ("a < b" in careless text) is text.
      onText("<");
      i = lt + 1;
    }
  }

  if (item) {
    const open = item as { position: number; line: number };
    problems.add({
      position: open.position,
      line: open.line,
      id: null,
      field: null,
      message: `the feed ends inside item ${open.position}, which was skipped (is the file cut short?)`,
    });
  }
  if (format === null && builder.items.length === 0 && position === 0)
    problems.add({
      position: null,
      line: 1,
      id: null,
      field: null,
      message: "this is not an RSS or Atom product feed",
    });
  return { format, items: builder.items, problems: problems.list, problemCount: problems.count };
}

// ---------------------------------------------------------------------------------------------
// Tab-separated files

/** Header names as Merchant Center accepts them: "g:image_link", "image link", "Image_Link" -> "image_link". */
function headerKey(header: string): string {
  return cleanText(header)
    .toLowerCase()
    .replace(/^g:/, "")
    .replace(/[\s-]+/g, "_");
}

/**
 * Splits a tab-separated file into rows of cells. A cell that starts with a double quote runs to
 * the next lone one and may hold tabs and line breaks ("" is a quote inside it). CRLF, LF and CR
 * end rows; blank rows are dropped. Each row keeps the line it starts on.
 */
function tsvRows(text: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  const length = text.length;
  let line = 1;
  let cells: string[] = [];
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    if (cells.length > 1 || (cells[0] ?? "").trim() !== "") rows.push({ cells, line: rowLine });
    cells = [];
  };
  while (i <= length) {
    if (cells.length === 0) rowLine = line;
    let cell: string;
    if (text[i] === '"') {
      let value = "";
      let j = i + 1;
      for (;;) {
        const quote = text.indexOf('"', j);
        if (quote === -1) {
          value += text.slice(j);
          j = length;
          break;
        }
        value += text.slice(j, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          j = quote + 2;
          continue;
        }
        j = quote + 1;
        break;
      }
      for (const c of value) if (c === "\n") line++;
      // Text after the closing quote up to the tab is kept rather than lost ("a"b -> a"b).
      const stop = nextStop(text, j);
      cell = value.replace(/\r\n?/g, "\n") + text.slice(j, stop);
      i = stop;
    } else {
      const stop = nextStop(text, i);
      cell = text.slice(i, stop);
      i = stop;
    }
    cells.push(cell);
    const c = text[i];
    if (c === "\t") {
      i++;
      continue;
    }
    endRow();
    if (c === "\r") i += text[i + 1] === "\n" ? 2 : 1;
    else i++;
    line++;
  }
  return rows;
}

function nextStop(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 9 || code === 10 || code === 13) return i;
  }
  return text.length;
}

/** Reads a tab-separated feed: a header row with the attribute names, then one product a row. */
export function parseProductFeedTsv(text: string, options: FeedParseOptions = {}): ParsedFeed {
  const problems = new ProblemLog(options.maxProblems ?? 500);
  const builder = new ItemBuilder(problems, options.defaultCurrency);
  const [header, ...rows] = tsvRows(stripBom(text));
  const columns = (header?.cells ?? []).map(headerKey);
  if (!columns.includes("id")) {
    problems.add({
      position: null,
      line: header?.line ?? 1,
      id: null,
      field: "id",
      message: "the first row names no id column: this is not a product feed",
    });
    return { format: null, items: [], problems: problems.list, problemCount: problems.count };
  }
  rows.forEach((row, index) => {
    const raw: RawItem = {};
    columns.forEach((column, c) => {
      const key = ATTRIBUTES.find((name) => name === column);
      // A TSV cell is plain text, so &amp; there is an entity the feed's author meant.
      if (key && raw[key] === undefined) raw[key] = decodeEntities(row.cells[c] ?? "");
    });
    builder.add(raw, index + 1, row.line);
  });
  return { format: "tsv", items: builder.items, problems: problems.list, problemCount: problems.count };
}
