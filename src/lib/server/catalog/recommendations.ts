// Editor-configured recommendation rows: a filter's code=value pairs checked against the
// catalogue's attributes, and the products matching every pair, newest first.
import type { Filter } from '#lib/catalog/contract.ts';
import { parseRecommendationFilter } from '#lib/catalog/recommendations.ts';
import { attributeDefinitions, type AttributeDefinition } from './attributes.ts';
import { listedIds } from './listing.ts';

export interface ResolvedRecommendationFilter {
  filters: Filter[];
  /** What an editor must fix, one sentence each, naming the code or value. */
  problems: string[];
}

/**
 * The stored option a filter value names: its value, or one of its labels in any language (an
 * editor writes "colour=rot" as readily as "colour=red"), compared without case.
 */
function optionValue(def: AttributeDefinition, value: string): string | null {
  if (def.options.has(value)) return value;
  const wanted = value.toLowerCase();
  for (const [stored, option] of def.options) {
    if (stored.toLowerCase() === wanted) return stored;
    if (Object.values(option.labels).some((label) => label?.toLowerCase() === wanted)) return stored;
  }
  return null;
}

/**
 * The filter's pairs as listing filters, each value as the catalogue stores it. A code the catalogue
 * does not define, or a value none of a select attribute's options has, is a problem; an attribute
 * without options (free text, numbers) takes the value as written.
 */
export async function resolveRecommendationFilter(text: string): Promise<ResolvedRecommendationFilter> {
  const defs = await attributeDefinitions();
  const problems: string[] = [];
  const filters = parseRecommendationFilter(text).flatMap(({ name, values }) => {
    const def = defs.get(name);
    if (!def) {
      problems.push(`unknown attribute code "${name}" (the catalogue has ${[...defs.keys()].sort().join(', ')})`);
      return [];
    }
    if (def.options.size === 0) return [{ name, values }];
    const stored = values.map((v) => optionValue(def, v));
    const missing = values.filter((_, i) => stored[i] === null);
    if (missing.length > 0) {
      problems.push(`attribute "${name}" has no value ${missing.map((v) => `"${v}"`).join(', ')}`);
      return [];
    }
    return [{ name, values: stored as string[] }];
  });
  return { filters, problems };
}

/** Ids of the listed products (parents, active) matching every filter, newest first. */
export async function recommendedProductIds(filters: Filter[], limit: number): Promise<number[]> {
  if (filters.length === 0) return [];
  const { ids } = await listedIds({ filters }, { sort: 'newest', currency: 'EUR', limit, offset: 0 });
  return ids;
}
