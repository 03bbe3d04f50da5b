// Where each auth operation lives: method and path only, so the browser client can call it without
// loading the contract's schemas (the contract adds them; see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const authRoutes = {
  login: route('POST', '/api/auth/login'),
  logout: route('POST', '/api/auth/logout'),
  me: route('POST', '/api/auth/me'),
  meByQuery: route('GET', '/api/auth/me'),
  refresh: route('POST', '/api/auth/refresh'),
  register: route('POST', '/api/auth/register'),
  setCurrency: route('POST', '/api/auth/currency'),
  changePassword: route('POST', '/api/auth/change-password'),
  resetRequest: route('POST', '/api/auth/reset-request'),
  resetPassword: route('POST', '/api/auth/reset-password'),
  createPassword: route('POST', '/api/auth/create-password'),
} as const;
