// V8 flags for the shop's process, given on its command line (`npm start`, `npm run export`) or in
// NODE_OPTIONS (the Dockerfile, the systemd unit): V8 reads them when the process starts, so the
// shop cannot set them itself. tests/integration/deploy-recipes.test.ts keeps those places in step.
//
// --max-semi-space-size=8: V8 otherwise grows the main thread's young generation to 134 MB while
// pages render, and what it holds is garbage of finished requests. With 8 MB: 3,000 new pages of
// 10,000 products ended at RSS 860 instead of 958 MiB, with the same CPU per page (32–33 ms both,
// two runs each on a busy machine).
export const SHOP_NODE_FLAGS = ['--max-semi-space-size=8'] as const;
