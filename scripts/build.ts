// `npm run build`: build the server (always). It holds code only: the catalogue and content are read
// when pages are requested, so the build takes the same time for 300 products or 100,000.
import { buildIfStale } from './lib/prepare.ts';

await buildIfStale('dist', true);
