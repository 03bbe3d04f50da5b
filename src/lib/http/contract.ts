// One contract per operation of the integration layer: its method, path, request and response
// schemas and the error codes it can answer with. The endpoint under src/pages/api imports the
// contract to parse its input and type its answer; the browser client takes the method and path from
// the domain's routes.ts (which the contract spreads in) and only the types from here, so the schemas
// stay on the server. Neither side can drift from the other without a type error.
import type { z } from 'astro/zod';
import type { ErrorCode, CommonError } from './errors.ts';
import type { HttpMethod } from './route.ts';

export type { ErrorCode } from './errors.ts';

/** The one error body of every endpoint. `details` carries what a code documents, e.g. field issues. */
export interface ErrorBody {
  code: string;
  message: string;
  status: number;
  details?: unknown;
}

export interface Operation<
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Errors extends ErrorCode = ErrorCode,
> {
  readonly method: HttpMethod;
  /** The route under src/pages, e.g. /api/cart/add. */
  readonly path: string;
  /** A strict schema: unknown fields are refused. For GET it reads the query parameters. */
  readonly request: Request;
  readonly response: Response;
  /** The codes this operation answers with besides the common ones (CommonError). */
  readonly errors: readonly Errors[];
  /** The status of a success, 200 unless the operation creates something. */
  readonly status?: 200 | 201 | 202;
  /**
   * The largest body a valid request can have, where the schema allows far less than the shop-wide
   * limit (src/lib/server/body-limit.ts): a larger one is refused 413 while it streams in.
   */
  readonly maxBodyBytes?: number;
  /**
   * A POST that changes nothing: the spec's API posts its queries (the catalogue, the cart, the order
   * list). It is no state change, so a session opened on a customer's behalf does not audit it.
   */
  readonly reads?: true;
}

/**
 * Declares an operation; the identity function exists so literal types are kept. Its errors may not
 * list a common code again: every operation answers with those anyway.
 */
export const operation = <
  Request extends z.ZodType,
  Response extends z.ZodType,
  const Errors extends Exclude<ErrorCode, CommonError> = never,
>(
  op: Operation<Request, Response, Errors>,
): Operation<Request, Response, Errors> => op;

export type RequestOf<O extends Operation> = z.input<O['request']>;
export type ParsedRequestOf<O extends Operation> = z.output<O['request']>;
export type ResponseOf<O extends Operation> = z.output<O['response']>;
export type ErrorOf<O extends Operation> = O['errors'][number] | CommonError;
