// The mail domain's public face: the shop's emails (account links, welcome, order confirmation), sent
// over SMTP or written to the outbox, and the background runner that keeps them off the HTTP answer.
export { sendPasswordLinkMail, sendWelcomeMail } from './account-mails.ts';
export { confirmationPdf, sendOrderConfirmationMail } from './order-mail.ts';
export { sendOrderStatusMail } from './order-status-mail.ts';
// The mail's language for a stored locale code (the default for an unknown one).
export { localeOf } from './templates.ts';
export { sendOrderCancelledMail } from './order-cancelled-mail.ts';
export { sendApprovalOutcomeMail, sendApprovalRequestMails } from './approval-mails.ts';
export { sendNewsletterConfirmationMail } from './newsletter-mail.ts';
export { inBackground } from './background.ts';
export { sendActivationMail, sendAlreadyRegisteredMail } from './registration-mails.ts';
export { sendStaffPasswordMail } from './staff-mails.ts';
export { sendInvitationMail } from './invitation-mail.ts';
export {
  sendEmailChangeLinkMail,
  sendEmailChangeNoticeMail,
  sendEmailTakenMail,
  sendPasswordChangedMail,
} from './profile-mails.ts';
export { quotePdf, sendQuoteBuyerMail, sendQuoteStaffMails } from './quote-mails.ts';
export {
  sendReorderReminderMail,
  sendReorderReportMail,
  type ReorderReminder,
  type ReorderReport,
} from './reorder-mails.ts';
