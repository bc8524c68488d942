import { useState, type ReactNode } from 'react';
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { ShortcutsDialog } from '../components/ShortcutsDialog';

/** The tabs of the call screen in the order of their digits (Alt+Shift+1 is the first). */
export const CALL_TABS = ['customer', 'pricing', 'history', 'web-orders', 'script', 'survey'] as const;
/** The id of the call screen's Tabs: Mantine names each tab `${id}-tab-${value}`. */
export const CALL_TABS_ID = 'call-tabs';
/** The id of the call result's input. */
export const CALL_RESULT_ID = 'call-result-input';

/** A modal dialog is open: its own keys rule, and no shortcut reaches the screen behind it. */
const dialogOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
const screenOnly = (fn: () => void) => (): void => {
  if (!dialogOpen()) fn();
};

const focusById = (id: string) => {
  // After React has shown what the shortcut opened (a tab's panel).
  requestAnimationFrame(() => document.getElementById(id)?.focus());
};

export interface CallShortcuts {
  /** End Call, when the header's End Call button would answer. */
  endCall: (() => void) | null;
  callLog: () => void;
  openTab: (value: string) => void;
}

/**
 * The call screen's keyboard shortcuts (Alt+Shift with a letter or digit: no browser or screen-reader command uses
 * them) and their help dialog. Physical keys, so that Shift's symbols and keyboard layouts do not matter.
 */
export function useCallShortcuts({ endCall, callLog, openTab }: CallShortcuts): {
  openHelp: () => void;
  help: ReactNode;
} {
  const [helpOpen, setHelpOpen] = useState(false);
  const physical = { usePhysicalKeys: true };
  const tabs: HotkeyItem[] = CALL_TABS.map((value, i) => [
    `alt+shift+digit${i + 1}`,
    screenOnly(() => {
      openTab(value);
      focusById(`${CALL_TABS_ID}-tab-${value}`);
    }),
    physical,
  ]);
  useHotkeys(
    [
      ['alt+shift+e', screenOnly(() => endCall?.()), physical],
      ['alt+shift+l', screenOnly(callLog), physical],
      ['alt+shift+r', screenOnly(() => focusById(CALL_RESULT_ID)), physical],
      ['alt+shift+k', screenOnly(() => setHelpOpen(true)), physical],
      ...tabs,
    ],
    // In text boxes too: these chords type nothing.
    [],
  );
  // '?' only outside text boxes, where it would be typed.
  useHotkeys([['shift+slash', screenOnly(() => setHelpOpen(true)), physical]]);
  return {
    openHelp: () => setHelpOpen(true),
    help: <ShortcutsDialog opened={helpOpen} onClose={() => setHelpOpen(false)} />,
  };
}
