import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { BrandTheme } from '@cc/domain';

/**
 * Brand palettes dark enough for text: the shade used for filled buttons (8) carries white text and
 * the shade used for subtle and light buttons (9) sits on white, both at 4.5:1 or more (WCAG AA).
 * Mantine's own green and orange fall short there (about 3.4:1 and 4.3:1).
 */
const lawn: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#2f9e44',
  '#237a36',
  '#1e6b2f',
];
const pest: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#e8590c',
  '#c2410c',
  '#a33508',
];

const base = {
  fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for less motion get dialogs and menus without fades and slides.
  respectReducedMotion: true,
  colors: { lawn, pest },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // Close buttons are icons only: give them a name for screen readers.
    Modal: { defaultProps: { centered: true, radius: 'md', closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
} satisfies MantineThemeOverride;

/** Theme by brand: sg (lawn, green), pb (pest, deep orange), default (corporate, indigo). */
export const THEMES: Record<BrandTheme, MantineThemeOverride> = {
  sg: createTheme({ ...base, primaryColor: 'lawn', primaryShade: 8 }),
  pb: createTheme({ ...base, primaryColor: 'pest', primaryShade: 8 }),
  default: createTheme({ ...base, primaryColor: 'indigo', primaryShade: 7 }),
};

/**
 * Text colours Mantine draws too light for WCAG AA on white: dimmed text (gray 6, 3.3:1) and error
 * messages (red 6, 3.3:1). Gray 7 reads at 8:1 and red 9 at 5.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
