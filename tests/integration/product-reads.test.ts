// Product reads on the embedded database (tests/helpers/product-reads-suite.ts; PostgreSQL:
// product-reads-postgres.test.ts).
process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const { productReadsSuite } = await import('#tests/helpers/product-reads-suite.ts');
productReadsSuite('pglite');

export {};
