import {
  alpha,
  createTheme,
  darken,
  getPrimaryShade,
  luminance,
  type CSSVariablesResolver,
  type MantineColorShade,
  type MantineColorsTuple,
  type MantineTheme,
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
 * What a chosen colour aims for: a little above WCAG AA's 4.5:1 for normal text, so that a browser's rounding of blended
 * colours cannot tip it under.
 */
const TARGET = 4.6;

/** The WCAG contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` at `opacity` laid over white, as the eye (and axe) sees it. */
function mix(color: string, opacity: number): string {
  const rgb = /rgba?\((\d+), (\d+), (\d+)/.exec(alpha(color, 1));
  if (!rgb) return color;
  const over = (c: string) => Math.round(Number(c) * opacity + 255 * (1 - opacity));
  return `rgb(${over(rgb[1]!)}, ${over(rgb[2]!)}, ${over(rgb[3]!)})`;
}

/** `color`, darkened in small steps until it reads at AA on every background (as it is when it already does). */
function readableOn(color: string, backgrounds: (candidate: string) => string[]): string {
  for (let step = 0; step <= 50; step++) {
    const candidate = step === 0 ? color : darken(color, step * 0.02);
    if (backgrounds(candidate).every((bg) => contrast(candidate, bg) >= TARGET)) return candidate;
  }
  return '#000000';
}

/**
 * Mantine's light-scheme variant colours, made to read at AA wherever a variant puts text (decision
 * docs/decisions/071-focus-return-and-readable-variants.md):
 * - light and subtle (alert titles, light badges and buttons, the header's links): the text colour (shade 9)
 *   on the tint (shade 1), on its hover (shade 2) and on the page — yellow, orange, green, teal, cyan, lime and
 *   indigo's shade 9 fall short on shade 2 (yellow 2.5:1, indigo 4.1:1), so that text is shade 9 darkened until it reads;
 * - filled and outline (white text on the colour, the colour on white or its 5 % hover): the theme's primary shade, or
 *   the first darker shade that reads, its hover one shade darker still (red 7 under the indigo theme is 3.8:1).
 */
function readableVariants(theme: MantineTheme): Record<string, string> {
  const primaryShade = getPrimaryShade(theme, 'light');
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades) continue;
    const lightColor = readableOn(shades[9], () => [shades[1], shades[2], '#ffffff', theme.colors.gray[0]]);
    const readsFilled = (shade: string) => [contrast('#ffffff', shade), contrast(shade, mix(shade, 0.05))];
    let shade = primaryShade;
    while (shade < 9 && readsFilled(shades[shade]).some((ratio) => ratio < TARGET)) shade++;
    const filled = readableOn(shades[shade], (candidate) => ['#ffffff', mix(candidate, 0.05)]);
    const filledHover =
      shade < 9 ? readableOn(shades[(shade + 1) as MantineColorShade], () => ['#ffffff']) : darken(filled, 0.1);
    variables[`--mantine-color-${name}-light-color`] = lightColor;
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = filledHover;
    variables[`--mantine-color-${name}-outline`] = filled;
    variables[`--mantine-color-${name}-outline-hover`] = alpha(filled, 0.05);
  }
  return variables;
}

/**
 * Text colours Mantine draws too light for WCAG AA: dimmed text (gray 6, 3.3:1) and error messages (red 6, 3.3:1)
 * become gray 7 (8:1) and red 9 (5.5:1); every colour's variants as `readableVariants` says.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...readableVariants(theme),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
