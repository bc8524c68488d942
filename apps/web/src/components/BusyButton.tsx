import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';

export interface BusyButtonProps extends Omit<ButtonProps, 'loading'> {
  /** The work the button started is under way: a spinner shows, and a second press does nothing. */
  busy: boolean;
  /** A form's submit button sends the form; a second press while it is busy is held back. */
  type?: 'button' | 'submit';
  onClick?: () => void;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A button that stays focusable while its work runs. Mantine's `loading` disables the button, and a disabled button
 * hands the keyboard's focus to the page body, so a keyboard user who pressed Enter on it would have to find their
 * place again (docs/decisions/085-keyboard-menus-refused-calls-and-screen-fixes.md). Here the button keeps its focus,
 * says it is busy (`aria-busy`) and ignores presses until the work ends.
 */
export function BusyButton({ busy, onClick, leftSection, children, type = 'button', ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      type={type}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
      leftSection={busy ? <Loader size={14} color="currentColor" /> : leftSection}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy) event.preventDefault();
        else onClick?.();
      }}
    >
      {children}
    </Button>
  );
}
