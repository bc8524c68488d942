import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, THEMES } from './theme';

/*
 * Every brand theme's text on its backgrounds, as Mantine's light colour scheme draws them with the app's resolver on
 * top, measured with WCAG 2's own formula (written out here, not the theme's): 4.5:1 for normal text.
 */

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)`; a see-through colour is laid over `under`, as the browser paints it. */
function paint(color: string, under: Rgb = [255, 255, 255]): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(color);
  if (!fn) throw new Error(`not a colour: ${color}`);
  const [r, g, b, a = 1] = fn[1]!.split(',').map((part) => Number(part.trim()));
  return [r!, g!, b!].map((c, i) => c * a + under[i]! * (1 - a)) as Rgb;
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function ratio(text: Rgb, background: Rgb): number {
  const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The light scheme's CSS variables of a brand theme, each followed through `var(…)` to a colour. */
function variablesOf(brand: keyof typeof THEMES) {
  const theme = mergeMantineTheme(DEFAULT_THEME, THEMES[brand]);
  const base = defaultCssVariablesResolver(theme);
  const app = cssVariablesResolver(theme);
  const table: Record<string, string> = { ...base.variables, ...base.light, ...app.variables, ...app.light };
  const value = (name: string): string => {
    let v = table[name];
    for (let hops = 0; v !== undefined && hops < 10; hops++) {
      const ref = /^var\((--[\w-]+)\)$/.exec(v.trim());
      if (!ref) return v;
      v = table[ref[1]!];
    }
    throw new Error(`${brand}: ${name} does not resolve to a colour`);
  };
  return { theme, value };
}

/** Every pair a variant draws: [what, text, background, what the background lies on]. */
function pairsOf(brand: keyof typeof THEMES): [string, string, string, string][] {
  const { theme, value } = variablesOf(brand);
  const white = '#ffffff';
  const page = value('--mantine-color-gray-0');
  const pairs: [string, string, string, string][] = [
    ['body text', value('--mantine-color-text'), white, white],
    ['dimmed text on white', value('--mantine-color-dimmed'), white, white],
    ['dimmed text on the page', value('--mantine-color-dimmed'), page, white],
    ['error text', value('--mantine-color-error'), white, white],
    ['link', value('--mantine-color-anchor'), white, white],
    ['link on the page', value('--mantine-color-anchor'), page, white],
  ];
  for (const color of Object.keys(theme.colors)) {
    const v = (suffix: string) => value(`--mantine-color-${color}-${suffix}`);
    pairs.push(
      [`${color} light (alert title, light badge or button)`, v('light-color'), v('light'), white],
      [`${color} light, hovered`, v('light-color'), v('light-hover'), white],
      [`${color} subtle on white`, v('light-color'), white, white],
      [`${color} subtle on the page`, v('light-color'), page, white],
      [`${color} subtle, hovered (header links)`, v('light-color'), v('light-hover'), page],
      [`${color} filled`, white, v('filled'), white],
      [`${color} filled, hovered`, white, v('filled-hover'), white],
      [`${color} outline`, v('outline'), white, white],
      [`${color} outline, hovered`, v('outline'), v('outline-hover'), white],
      [`${color} text`, v('text'), white, white],
    );
  }
  return pairs;
}

describe('every brand theme reads at WCAG AA (4.5:1)', () => {
  for (const brand of Object.keys(THEMES) as (keyof typeof THEMES)[]) {
    it(`${brand}: every text on its background, hovered or not`, () => {
      const pairs = pairsOf(brand);
      expect(pairs.length).toBeGreaterThan(100);
      const short = pairs
        .map(([what, text, background, under]) => {
          const behind = paint(background, paint(under));
          return { what, text, background, contrast: ratio(paint(text, behind), behind) };
        })
        .filter((pair) => pair.contrast < 4.5)
        .map((pair) => `${pair.what}: ${pair.text} on ${pair.background} ${pair.contrast.toFixed(2)}:1`);
      expect(short).toEqual([]);
    });
  }

  it('the formula: black on white is 21:1, a colour on itself 1:1, the reported yellow alert title 2.68:1', () => {
    expect(ratio(paint('#000'), paint('#fff'))).toBeCloseTo(21, 5);
    expect(ratio(paint('#4263eb'), paint('#4263eb'))).toBe(1);
    expect(ratio(paint('#e67700'), paint('#fff3bf'))).toBeCloseTo(2.69, 2);
  });
});
