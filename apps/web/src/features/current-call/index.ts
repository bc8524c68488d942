/** What other features use of the call screen: its path, and the saved call the dashboard resumes. */
export { CURRENT_CALL_PATH, currentCallPath } from './model';
export { savedCallQuery, useSavedCall } from './api/savedCall';
export { callLeftInThisSignIn } from './left-call';
export { SavedCallOffer } from './components/SavedCallOffer';
