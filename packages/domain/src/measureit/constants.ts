/** MeasureIt's constants (administration.md §9), and the nine point colours the spec fixes without listing. */

/** The spec's earth radius for the area computation, in metres (a sphere, not WGS84). */
export const MEASURE_EARTH_RADIUS_M = 6367460;
export const FEET_PER_METRE = 3.2808399;
export const FEET_PER_MILE = 5280;
export const ACRES_PER_SQUARE_MILE = 640;
export const SQUARE_FEET_PER_ACRE = 43560;

/** The map opens at zoom 19 or 20 (§9): 20 where the imagery reaches it, else 19. */
export const MEASURE_ZOOM_MIN = 19;
export const MEASURE_ZOOM_MAX = 20;

/** The static map image of a saved measurement (§9). */
export const STATIC_MAP_WIDTH = 525;
export const STATIC_MAP_HEIGHT = 375;
export const STATIC_MAP_TYPE = 'hybrid';
export const STATIC_MAP_FORMAT = 'jpg';
/** An image URL of this many characters or more is a point error that blocks the save (§8, §9). */
export const STATIC_MAP_URL_LIMIT = 2048;

/**
 * The fixed list of nine point colours (§9 names the count, not the colours; decision 037): the eight of the
 * Okabe-Ito palette, told apart with every common colour-vision deficiency, and white; every marker is drawn
 * with a dark outline so each stands out on satellite imagery. Shape n's points take colour n mod 9.
 */
export const MEASURE_POINT_COLOURS = [
  '#E69F00', // orange
  '#56B4E9', // sky blue
  '#009E73', // bluish green
  '#F0E442', // yellow
  '#0072B2', // blue
  '#D55E00', // vermilion
  '#CC79A7', // reddish purple
  '#FFFFFF', // white
  '#000000', // black
] as const;

export function pointColour(shapeIndex: number): string {
  const n = MEASURE_POINT_COLOURS.length;
  return MEASURE_POINT_COLOURS[((Math.trunc(shapeIndex) % n) + n) % n]!;
}
