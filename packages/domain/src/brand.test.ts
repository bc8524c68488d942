import { describe, expect, it } from 'vitest';
import { logoForBrand, themeForBrand, themeForBrandClaim, type BrandLogo, type BrandTheme } from './brand.js';

describe('themeForBrand', () => {
  it.each<[number | null | undefined, BrandTheme]>([
    [1, 'sg'],
    [2, 'pb'],
    [3, 'default'],
    [0, 'default'],
    [-1, 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ])('brand %s → %s', (brandId, theme) => {
    expect(themeForBrand(brandId)).toBe(theme);
  });
});

describe('themeForBrandClaim', () => {
  it.each<[string | null | undefined, BrandTheme]>([
    ['1', 'sg'],
    ['2', 'sg'],
    ['3', 'pb'],
    ['4', 'default'],
    ['0', 'default'],
    ['', 'default'],
    [' 1', 'default'],
    ['01', 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ])('claim %j → %s', (claim, theme) => {
    expect(themeForBrandClaim(claim)).toBe(theme);
  });
});

describe('logoForBrand', () => {
  it.each<[number | null | undefined, BrandLogo]>([
    [1, 'lawn'],
    [2, 'pest'],
    [3, 'corporate'],
    [0, 'corporate'],
    [null, 'corporate'],
    [undefined, 'corporate'],
  ])('brand %s → %s', (brandId, logo) => {
    expect(logoForBrand(brandId)).toBe(logo);
  });
});
