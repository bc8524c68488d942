import { type Dispatch, type SetStateAction, useState } from 'react';
import type { HistoryRow } from '@cc/contract';
import { useModalsStack } from '@mantine/core';
import { CALL_DIALOGS, type CallDialogName, type CallDialogStack } from '../components/CallDialogs';

/**
 * The call screen's dialogs and what they show: the stack of the call's dialogs, the history row whose log is open,
 * what the customer lookup is for and what it found, the abandon confirmation of Cancel Call, and whether the end of
 * the call found survey answers missing (the Survey tab marks them).
 */
type LookupFor = 'switch' | 'customer-no';

export interface CallDialogState {
  stack: CallDialogStack;
  historyCall: HistoryRow | null;
  openHistoryLog: (call: HistoryRow) => void;
  lookupFor: LookupFor;
  setLookupFor: Dispatch<SetStateAction<LookupFor>>;
  openLookup: () => void;
  lookedUp: number | null;
  setLookedUp: Dispatch<SetStateAction<number | null>>;
  confirmCancel: boolean;
  setConfirmCancel: Dispatch<SetStateAction<boolean>>;
  surveyFlagged: boolean;
  setSurveyFlagged: Dispatch<SetStateAction<boolean>>;
}

export function useCallDialogState(): CallDialogState {
  const stack = useModalsStack<CallDialogName>([...CALL_DIALOGS]);
  const [historyCall, setHistoryCall] = useState<HistoryRow | null>(null);
  const [lookupFor, setLookupFor] = useState<LookupFor>('switch');
  const [lookedUp, setLookedUp] = useState<number | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [surveyFlagged, setSurveyFlagged] = useState(false);
  return {
    stack,
    historyCall,
    openHistoryLog: (call: HistoryRow) => {
      setHistoryCall(call);
      stack.open('history-log');
    },
    lookupFor,
    setLookupFor,
    openLookup: () => {
      setLookupFor('switch');
      stack.open('lookup');
    },
    lookedUp,
    setLookedUp,
    confirmCancel,
    setConfirmCancel,
    surveyFlagged,
    setSurveyFlagged,
  };
}
