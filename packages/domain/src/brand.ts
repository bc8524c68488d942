/** Logo and theme by brand (administration.md §2). */
export type BrandTheme = 'sg' | 'pb' | 'default';
export type BrandLogo = 'lawn' | 'pest' | 'corporate';

export function themeForBrand(brandId: number | null | undefined): BrandTheme {
  if (brandId === 1) return 'sg';
  if (brandId === 2) return 'pb';
  return 'default';
}

/** The lowercase `brandid` claim reading: 1 or 2 give sg, 3 gives pb (the spec keeps both readings). */
export function themeForBrandClaim(claim: string | null | undefined): BrandTheme {
  if (claim === '1' || claim === '2') return 'sg';
  if (claim === '3') return 'pb';
  return 'default';
}

export function logoForBrand(brandId: number | null | undefined): BrandLogo {
  if (brandId === 1) return 'lawn';
  if (brandId === 2) return 'pest';
  return 'corporate';
}
