/**
 * Ending a call, server side: the data-layer functions of the end-call calls (the emails it queues go through the
 * mail feature's outbox). Each data-layer function takes the transaction (`tx`) it runs in, so the end-call
 * command can run them all in one.
 */
export { registerEndCallRoutes } from './routes.js';
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
  createOrder,
  customerOrder,
  getOrder,
  patchOrder,
  setOrderNdc,
  setOrderSource,
  updateOrder,
  type CreateOrderInput,
  type UpdateOrderInput,
} from './orders.js';
export {
  addOrderCoupon,
  createOrderLine,
  patchOrderLine,
  updateOrderLine,
  type CreateOrderLineInput,
  type UpdateOrderLineInput,
} from './order-lines.js';
export { createOrderSession, requireOrderSession } from './order-sessions.js';
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
