import { buildIfStale } from './scripts/lib/prepare.ts';
await buildIfStale('dist-bench');
