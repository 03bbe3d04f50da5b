/** The largest request body any endpoint reads (every operation's input is far smaller): 413 beyond it. */
export const MAX_BODY_BYTES = 64 * 1024;
