// The account area's public face: its pages, their shared loader, and each page's server side.
export { ACCOUNT_PAGE_TITLES, enabledAccountPages, type AccountPageName } from './pages.ts';
export {
  loadAccountPage,
  resolveAccountName,
  earlyAnswer,
  formPageAnswer,
  type AccountContext,
  type AccountLoad,
  type AccountPageResult,
} from './page.ts';
