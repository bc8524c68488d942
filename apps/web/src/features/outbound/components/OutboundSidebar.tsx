import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Badge, NavLink, Paper, Text } from '@mantine/core';
import type { OutboundCount } from '@cc/contract';

export interface OutboundSidebarProps {
  callTypes: OutboundCount[];
  /** Call types that have a route of their own (outbound sub-states), by CallTypeName. */
  paths: Partial<Record<string, string>>;
  /** The address of a call type's section on the main route, for the entries without a route of their own. */
  sectionHref: (callTypeName: string) => string;
  /** The call type whose route is showing, if any. */
  active: string | undefined;
  onPick: (callTypeName: string) => void;
}

/**
 * The list of call types at the left: each entry opens its section and scrolls to it. 'Cancel Calls'
 * and 'Upsell Postcard' are the outbound sub-states of the spec and have routes of their own; the others are links to
 * their section on the main route. Every entry is a link, as every entry takes the user somewhere. Shown from 1408 px:
 * on a desk's 1366 px screen the sections' own headings list the same lists and counts, and the grid takes the width
 * (docs/decisions/070-screens-at-1366.md).
 */
export function OutboundSidebar({ callTypes, paths, sectionHref, active, onPick }: OutboundSidebarProps) {
  return (
    <Paper
      component="nav"
      aria-label="Outbound call lists"
      withBorder
      p={6}
      w={230}
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}
      visibleFrom="xl"
    >
      <Text size="xs" fw={700} c="gray.7" tt="uppercase" px={8} py={6}>
        Call lists
      </Text>
      {callTypes.map((t) => {
        const path = paths[t.CallTypeName];
        const common = {
          label: t.CallTypeDisplayName,
          rightSection: (
            <Badge size="sm" variant="light" color="gray" aria-hidden>
              {t.count.toLocaleString()}
            </Badge>
          ),
          active: active === t.CallTypeName,
          // The brand's light background with the body text colour: the brand green on it is too faint.
          styles: {
            root: { color: 'var(--mantine-color-text)', borderRadius: 'var(--mantine-radius-sm)' },
            label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: active === t.CallTypeName ? 600 : 400 },
          },
          'data-testid': `sidebar-${t.CallTypeName}`,
        };
        return path ? (
          <NavLink key={t.CallTypeName} component={Link} to={path} onClick={() => onPick(t.CallTypeName)} {...common} />
        ) : (
          <NavLink
            key={t.CallTypeName}
            component={Link}
            to={sectionHref(t.CallTypeName)}
            // The page opens the section and brings it into view itself (its panel opens first, then it scrolls).
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              onPick(t.CallTypeName);
            }}
            {...common}
          />
        );
      })}
    </Paper>
  );
}
