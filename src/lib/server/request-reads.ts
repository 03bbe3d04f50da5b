// Which requests change state: every method but a read's, except a POST whose operation only reads
// (Operation.reads: the spec's API posts its queries). endpoint() marks those as it serves them, so the
// middleware, which sees every request but not its operation, can tell (the on-behalf audit).
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const readingPosts = new WeakSet<Request>();

/** Marks a request its operation declared a read. */
export function markRead(request: Request): void {
  readingPosts.add(request);
}

export function changesState(request: Request): boolean {
  return !READ_METHODS.has(request.method) && !readingPosts.has(request);
}
