import { Pagination } from '@mantine/core';
import { GRID_PAGER_ATTRIBUTE } from '../../lib/toast-placement';

interface GridPagerProps {
  /** Pages in all (at least 1). */
  pages: number;
  page: number;
  onChange: (page: number) => void;
  /** What is paged, read by screen readers: 'Pages of users'. */
  label: string;
  /** Hide the pager while everything fits on one page (a dialog's short lists). */
  hideSingle?: boolean;
  /** Offer the first and last page buttons (off when the last page is not known: a count past its limit). */
  withLast?: boolean;
}

const capitalised = (control: string) => `${control[0]?.toUpperCase() ?? ''}${control.slice(1)}`;

/**
 * The pager of every grid that pages on the server: first, previous, one page either side, next and last, each
 * button named for screen readers ('Next page', 'Page 3'). The page shown never passes the last page.
 */
export function GridPager({ pages, page, onChange, label, hideSingle = false, withLast = true }: GridPagerProps) {
  if (hideSingle && pages <= 1) return null;
  return (
    <Pagination
      size="sm"
      total={pages}
      value={Math.min(page, pages)}
      onChange={onChange}
      withEdges={withLast}
      siblings={1}
      aria-label={label}
      {...{ [GRID_PAGER_ATTRIBUTE]: '' }}
      getControlProps={(control) => ({ 'aria-label': `${capitalised(control)} page` })}
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
    />
  );
}
