/**
 * Mail, server side: every email the app sends is written to the outbox in the transaction of what it reports
 * (docs/decisions/007-email-outbox.md), and the worker of each API process delivers it after commit through SMTP or
 * as .eml files (docs/decisions/058-mail-shutdown-wakeup-refusals.md). Features queue with `enqueueEmail`; the app
 * starts and stops the worker; Resend Emails moves failed rows back to the queue.
 */
export {
  enqueueEmail,
  emailsOfCall,
  requeueFailedEmails,
  requeueFailedEmail,
  type OutgoingEmail,
  type QueuedEmail,
  type OutboxRow,
} from './outbox.js';
export { createMailWorker, MAIL_CHANNEL, retryDelaySeconds, type MailWorker, type RunResult } from './mail-worker.js';
export { createMailTransport, emlFileName, type MailTransport } from './transport.js';
