// Column types of row schemas, as both drivers hand them over through execute(): int4, float8 and
// booleans alike on both; int8 (count(*), sum() of integers, bigint columns) a number on PGlite and a
// string on node-postgres; numeric a string on both; timestamps and dates strings on both (drizzle
// turns the drivers' date parsing off); json and jsonb already parsed on both.
import { z } from 'astro/zod';

/** An int8 as a number: PostgreSQL's counts and sums of integers stay far below 2^53 in a shop. */
export const int8 = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** A timestamp or date as a Date, whether the driver parsed it or not. */
export const timestamp = z.union([
  z.date(),
  z.string().transform((text, ctx) => {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) ctx.addIssue({ code: 'custom', message: `not a timestamp: ${text}` });
    return date;
  }),
]);

/** Text that is JSON, parsed; anything else as it is, for the schema to name what it expected. */
function parsedText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A json column, parsed when a driver hands it over as text. */
export const json = <S extends z.ZodType>(schema: S) => z.preprocess(parsedText, schema);

/**
 * A JSON document the shop wrote itself from a schema-checked value (an order's priced cart, an
 * address): checked to be an object, typed as it was written. Parsing it with today's request
 * schema instead would refuse documents written under older rules.
 */
export const document = <T extends object>(what: string) =>
  json(
    z.custom<T>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), `expected ${what}`),
  );
