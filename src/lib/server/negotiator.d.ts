// negotiator 1.x's own API (its DefinitelyTyped types still describe 0.6, without `preferred`).
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The best coding of `available` by the request's q-values; ties go to the first of `preferred`. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
