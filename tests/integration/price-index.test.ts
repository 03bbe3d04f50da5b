// The price index follows every change on PGlite (tests/helpers/price-index-suite.ts).
process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const { priceIndexSuite } = await import('#tests/helpers/price-index-suite.ts');
await priceIndexSuite();

export {};
