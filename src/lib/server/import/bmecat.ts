// BMEcat 2005 and 1.2 catalogues as import records, streamed: each catalogue group and product is
// built as a small tree, mapped, handed on and dropped, so memory stays flat at any file size. Only
// the product → group map, which BMEcat puts after all products, is held until the transaction ends.
import type { ParsedItem } from '#lib/import/record-contract.ts';
import { mapCategory, mapGroupLink, mapProduct, type MapContext } from './bmecat-map.ts';
import { MAX_CHARS, MAX_NODES, readXmlEvents, SubtreeBuilder, type XmlEvent, type XmlNode } from './bmecat-reader.ts';
import { type Catalogue, compact, DEFAULT_CATALOGUE, first, readCatalogue, textOf } from './bmecat-values.ts';

export interface BmecatOptions {
  /** The file's name, for the position of every record and fault. */
  file: string;
  /** The day prices must be valid on; today by default. */
  today?: Date;
  /** The shop's country (ISO 3166-1 alpha-2): a price for other TERRITORYs only is not the shop's. */
  country?: string;
}

const TRANSACTIONS = new Set(['T_NEW_CATALOG', 'T_NEW_PRODUCTDATA', 'T_UPDATE_PRODUCTS', 'T_UPDATE_PRICES']);

/** BMEcat 1.2 names for the elements 2005 renamed; the two sets never overlap, so any file is read with both. */
const RENAMED_IN_2005: Record<string, string> = {
  ARTICLE: 'PRODUCT',
  SUPPLIER_AID: 'SUPPLIER_PID',
  ARTICLE_DETAILS: 'PRODUCT_DETAILS',
  MANUFACTURER_AID: 'MANUFACTURER_PID',
  ARTICLE_FEATURES: 'PRODUCT_FEATURES',
  ARTICLE_ORDER_DETAILS: 'PRODUCT_ORDER_DETAILS',
  ARTICLE_PRICE_DETAILS: 'PRODUCT_PRICE_DETAILS',
  ARTICLE_PRICE: 'PRODUCT_PRICE',
  ARTICLE_REFERENCE: 'PRODUCT_REFERENCE',
  ART_ID_TO: 'PROD_ID_TO',
  ARTICLE_TO_CATALOGGROUP_MAP: 'PRODUCT_TO_CATALOGGROUP_MAP',
  ART_ID: 'PROD_ID',
};

/** Elements read one at a time as a tree (names as in 2005). */
const UNITS = new Set(['CATALOG_STRUCTURE', 'PRODUCT', 'PRODUCT_TO_CATALOGGROUP_MAP']);

/** An element's name without a namespace prefix. */
const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/** Parses a BMEcat file into import records and faults, in file order, placements at the end. */
export async function* parseBmecat(
  input: AsyncIterable<Uint8Array>,
  options: BmecatOptions,
): AsyncGenerator<ParsedItem> {
  const document = new BmecatDocument(options);
  for await (const batch of readXmlEvents(input)) {
    for (const event of batch) {
      document.handle(event);
      if (document.stopped) break;
    }
    yield* document.take();
    if (document.stopped) return;
  }
}

/** The state of one file being read: where in the document we are and what is waiting to be handed on. */
class BmecatDocument {
  stopped = false;
  private out: ParsedItem[] = [];
  private depth = 0;
  private version: '2005' | '1.2' | undefined;
  private transaction: string | undefined;
  private sawTransaction = false;
  private rootLine = 1;
  private catalogue: Catalogue = DEFAULT_CATALOGUE;
  private unit: SubtreeBuilder | undefined;
  /** Ids of root groups: they hold the tree but are no category, so their children are top level. */
  private readonly roots = new Set<string>(['0']);
  /** sku → its groups in file order, and the line of its first map entry. */
  private placements = new Map<string, { line: number; categories: string[] }>();
  private deleted = new Set<string>();
  private readonly options: BmecatOptions;
  private readonly today: string;

  constructor(options: BmecatOptions) {
    this.options = options;
    // Calendar dates in UTC, so that the same file gives the same prices on every server.
    this.today = (options.today ?? new Date()).toISOString().slice(0, 10);
  }

  take(): ParsedItem[] {
    const items = this.out;
    this.out = [];
    return items;
  }

  private fault(line: number, fault: { id?: string; reason: string }, stop = false): void {
    this.out.push({ at: { file: this.options.file, line }, fault: compact(fault) });
    if (stop) this.stopped = true;
  }

  handle(event: XmlEvent): void {
    if (event.type === 'fault') return this.fault(event.line, { reason: event.reason }, true);
    if (event.type === 'text') return this.unit?.text(event.text);
    if (event.type === 'close') return this.close();
    this.depth += 1;
    const local = localName(event.name);
    const name = RENAMED_IN_2005[local] ?? local;
    if (this.unit) return this.unit.open(name, event.attrs, event.selfClosing, event.line);
    if (this.depth === 1) return this.openRoot(name, event.attrs, event.line);
    if (this.depth === 2) return this.openSection(name, event.line);
    if (this.transaction === undefined || !UNITS.has(name)) return;
    // A file without a version attribute says which it is by the name of its products.
    if (name === 'PRODUCT') this.version ??= local === 'ARTICLE' ? '1.2' : '2005';
    this.unit = new SubtreeBuilder(name, event.attrs, event.line);
  }

  private openRoot(name: string, attrs: Record<string, string>, line: number): void {
    this.rootLine = line;
    if (name !== 'BMECAT') {
      const reason = `This is not a BMEcat file: its root element is ${name}, not BMECAT.`;
      return this.fault(line, { reason }, true);
    }
    const version = attrs.version?.trim();
    if (version === undefined) return;
    if (version.startsWith('2005')) this.version = '2005';
    else if (version.startsWith('1.')) this.version = '1.2';
    else this.fault(line, { reason: `BMEcat version ${version} is not supported; this reads 2005 and 1.2.` }, true);
  }

  private openSection(name: string, line: number): void {
    if (name === 'HEADER') this.unit = new SubtreeBuilder(name, {}, line);
    else if (TRANSACTIONS.has(name)) {
      this.transaction = name;
      this.sawTransaction = true;
    } else if (name.startsWith('T_'))
      this.fault(line, { reason: `The transaction ${name} is not supported; it was skipped.` });
  }

  private close(): void {
    this.depth -= 1;
    if (this.unit) {
      if (!this.unit.close()) return;
      const { root, oversized } = this.unit;
      this.unit = undefined;
      if (!oversized) return this.map(root);
      const limits = `${MAX_NODES.toLocaleString('en')} elements or ${MAX_CHARS.toLocaleString('en')} characters`;
      // The tree was cut short, but what came first (the item number) is still in it.
      const id = textOf(first(root, 'SUPPLIER_PID')) ?? textOf(first(root, 'GROUP_ID'));
      this.fault(root.line, { id, reason: `This ${root.name} holds more than ${limits}; it was skipped.` });
    } else if (this.depth === 1 && this.transaction !== undefined) {
      this.endTransaction();
    } else if (this.depth === 0 && !this.sawTransaction) {
      const reason = 'The file holds no catalogue: no T_NEW_CATALOG, T_UPDATE_PRODUCTS or T_UPDATE_PRICES.';
      this.fault(this.rootLine, { reason });
    }
  }

  private get context(): MapContext {
    return {
      ...this.catalogue,
      file: this.options.file,
      today: this.today,
      country: (this.options.country ?? 'DE').toUpperCase(),
      transaction: this.transaction ?? '',
      skuElement: this.version === '1.2' ? 'SUPPLIER_AID' : 'SUPPLIER_PID',
    };
  }

  private map(node: XmlNode): void {
    if (node.name === 'HEADER') {
      this.catalogue = readCatalogue(node);
    } else if (node.name === 'CATALOG_STRUCTURE') {
      this.out.push(...mapCategory(node, this.context, this.roots));
    } else if (node.name === 'PRODUCT') {
      const items = mapProduct(node, this.context);
      for (const item of items) {
        if ('record' in item && item.record.kind === 'delete') this.deleted.add(String(item.record.sku));
      }
      this.out.push(...items);
    } else {
      const link = mapGroupLink(node, this.context);
      if (Array.isArray(link)) this.out.push(...link);
      else if (link) {
        const placement = this.placements.get(link.sku) ?? { line: node.line, categories: [] };
        if (!placement.categories.includes(link.group)) placement.categories.push(link.group);
        this.placements.set(link.sku, placement);
      }
    }
  }

  /** The group map is complete: one placement per product, except products this file deletes. */
  private endTransaction(): void {
    for (const [sku, { line, categories }] of this.placements) {
      if (this.deleted.has(sku)) continue;
      this.out.push({ at: { file: this.options.file, line }, record: { kind: 'placement', sku, categories } });
    }
    this.placements = new Map();
    this.deleted = new Set();
    this.transaction = undefined;
  }
}
