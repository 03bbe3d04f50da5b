// Where each operation on a company's scheduled reorders lives: method and path only (see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const scheduledReordersRoutes = {
  list: route('GET', '/api/account/reorders'),
  create: route('POST', '/api/account/reorders/create'),
  change: route('POST', '/api/account/reorders/change'),
  pause: route('POST', '/api/account/reorders/pause'),
  resume: route('POST', '/api/account/reorders/resume'),
  end: route('POST', '/api/account/reorders/end'),
} as const;
