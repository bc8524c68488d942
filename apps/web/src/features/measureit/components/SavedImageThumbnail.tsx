/**
 * A saved measurement's static image where a measurement is listed (the search's rows, the call screen's pricing):
 * a small picture that opens the whole 525x375 image in a dialog. Both are loaded by the browser only when shown
 * (`loading="lazy"`), so a page of rows asks the maps service only for the rows in view (decision 079).
 */
import { useState } from 'react';
import { Modal, UnstyledButton } from '@mantine/core';
import { STATIC_MAP_HEIGHT, STATIC_MAP_WIDTH } from '@cc/domain';
import { SavedImage } from './SavedImage';

export interface SavedImageThumbnailProps {
  url: string;
  /** What was measured, as a sentence's object: 'customer 1001 at 12 Elm St'. */
  of: string;
  /** The thumbnail's height in pixels; its width keeps the image's proportions. */
  height?: number;
  /** Kept out of the tab order where a grid row is the one tab stop. */
  tabIndex?: number;
}

export function SavedImageThumbnail({ url, of, height = 28, tabIndex }: SavedImageThumbnailProps) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const width = Math.round((height * STATIC_MAP_WIDTH) / STATIC_MAP_HEIGHT);
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={`Show the saved image of ${of}`}
        title="Show the saved image"
        tabIndex={tabIndex}
        data-testid="saved-image-thumbnail"
        style={{
          display: 'inline-flex',
          width,
          height,
          borderRadius: 3,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-5)',
          background: 'var(--mantine-color-gray-1)',
          lineHeight: 0,
        }}
      >
        {failed ? null : (
          <img
            src={url}
            alt=""
            width={width}
            height={height}
            loading="lazy"
            referrerPolicy="no-referrer"
            onError={() => setFailed(true)}
            style={{ width, height, objectFit: 'cover' }}
          />
        )}
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Saved image of ${of}`} size={STATIC_MAP_WIDTH + 60}>
        {/* The dialog's title names the image: the image has no second title of its own. */}
        {open ? <SavedImage url={url} of={of} title={null} /> : null}
      </Modal>
    </>
  );
}
