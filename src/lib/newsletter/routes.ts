// Where each newsletter operation lives: method and path only (the contract adds the schemas).
import { route } from '../http/route.ts';

export const newsletterRoutes = {
  status: route('GET', '/api/account/newsletter'),
  update: route('POST', '/api/account/newsletter'),
  confirm: route('POST', '/api/newsletter/confirm'),
} as const;
