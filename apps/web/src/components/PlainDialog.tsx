import type { ReactNode } from 'react';
import {
  ModalBase,
  ModalBaseBody,
  ModalBaseCloseButton,
  ModalBaseContent,
  ModalBaseHeader,
  ModalBaseOverlay,
  ModalBaseTitle,
} from '@mantine/core';
import classes from './PlainDialog.module.css';

/** Modal's widths for the sizes these dialogs use. */
const SIZES = {
  sm: 'calc(23.75rem * var(--mantine-scale))',
  md: 'calc(27.5rem * var(--mantine-scale))',
  lg: 'calc(38.75rem * var(--mantine-scale))',
};

export interface PlainDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: keyof typeof SIZES;
  withCloseButton?: boolean;
  closeOnClickOutside?: boolean;
  zIndex?: number;
  children: ReactNode;
}

/**
 * A dialog that looks and behaves as the app's Modal (centred, rounded, its title naming it, focus kept inside and
 * given back, Escape and a click outside close it), built from Mantine's ModalBase parts. It is for the dialogs of
 * the first download (sign-in, session expired): Modal's root imports ScrollArea, and with it floating-ui, about 20 KB
 * gzip that the sign-in page has no use for (docs/decisions/103-the-sign-in-page-s-first-download.md).
 */
export function PlainDialog({
  opened,
  onClose,
  title,
  size = 'md',
  withCloseButton = true,
  closeOnClickOutside = true,
  zIndex,
  children,
}: PlainDialogProps) {
  return (
    <ModalBase
      opened={opened}
      onClose={onClose}
      closeOnClickOutside={closeOnClickOutside}
      closeOnEscape
      trapFocus
      returnFocus
      lockScroll
      withinPortal
      zIndex={zIndex}
      shadow="xl"
      padding="md"
      transitionProps={{ duration: 200, transition: 'fade-down' }}
    >
      <ModalBaseOverlay />
      <ModalBaseContent
        className={classes.content}
        innerProps={{ className: classes.inner }}
        radius="md"
        style={{ '--plain-dialog-size': SIZES[size] }}
      >
        <ModalBaseHeader className={classes.header}>
          <ModalBaseTitle>{title}</ModalBaseTitle>
          {withCloseButton ? <ModalBaseCloseButton aria-label="Close" /> : null}
        </ModalBaseHeader>
        <ModalBaseBody>{children}</ModalBaseBody>
      </ModalBaseContent>
    </ModalBase>
  );
}
