// The catalogue import's server side as pages read it: the recent imports and one import with its
// report (the workspace's Import page).
export { importDetail, recentImports } from './recent.ts';
