// The defaults a leaf profile starts from (no colours, CE marked), for the profile lists split by
// product family (product-types-*.ts): one definition instead of one per list.
import type { LeafProfile } from './leaf-profile.ts';

type P = Omit<LeafProfile, 'colours' | 'certificates'> & Partial<Pick<LeafProfile, 'colours' | 'certificates'>>;
export const profile = (x: P): LeafProfile => ({ colours: [], certificates: ['ce'], ...x });
