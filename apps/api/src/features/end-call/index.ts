/**
 * Ending a call, server side: the email outbox and its worker, and the data-layer functions of the
 * end-call calls. Each data-layer function takes the transaction (`tx`) it runs in, so the end-call
 * command can run them all in one.
 */
export { registerEndCallRoutes } from './routes.js';
export {
  enqueueEmail,
  emailsOfCall,
  requeueFailedEmails,
  requeueFailedEmail,
  type OutgoingEmail,
  type QueuedEmail,
  type OutboxRow,
} from './outbox.js';
export { createMailWorker, retryDelaySeconds, type MailWorker, type RunResult } from './mail-worker.js';
export { createMailTransport, emlFileName, type MailTransport } from './transport.js';
export {
  insertCallHistory,
  updateCallHistory,
  setCallbackStatus,
  type CallHistoryInput,
  type CallHistoryUpdate,
  type CallbackStatusInput,
} from './call-history.js';
export { saveCallServices, type CallServicesInput } from './call-services.js';
export {
  addOrderCoupon,
  createOrder,
  createOrderLine,
  createOrderSession,
  customerOrder,
  getOrder,
  patchOrder,
  patchOrderLine,
  requireOrderSession,
  setOrderNdc,
  setOrderSource,
  updateOrder,
  updateOrderLine,
  type CreateOrderInput,
  type CreateOrderLineInput,
  type UpdateOrderInput,
  type UpdateOrderLineInput,
} from './orders.js';
export {
  getSurveyDefinition,
  saveCallSurvey,
  saveSurvey,
  surveyAnswersOfCall,
  type SavedSurvey,
  type SaveSurveyInput,
  type SurveyResultsInput,
} from './surveys.js';
export { queueEndCallEmail, queueThpEmail, type QueueAnswer } from './emails.js';
export { logStep, type StepInput } from './step-log.js';
export { callInScope } from './shared.js';
