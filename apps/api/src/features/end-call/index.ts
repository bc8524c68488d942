/** Ending a call, server side: the email outbox and its mail worker. */
export { enqueueEmail, emailsOfCall, type OutgoingEmail, type QueuedEmail, type OutboxRow } from './outbox.js';
export { createMailWorker, retryDelaySeconds, type MailWorker, type RunResult } from './mail-worker.js';
export { createMailTransport, emlFileName, type MailTransport } from './transport.js';
