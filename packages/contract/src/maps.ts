/**
 * MeasureIt's map plumbing (decision 037): what the drawing component needs to show imagery and
 * check the static image's length, and the address search through the configured Nominatim-compatible geocoder.
 */
import { z } from './zod.js';

export const MapConfig = z.object({
  /** Leaflet's URL template ({z}, {x}, {y}, and {s} when `subdomains` is not empty). */
  tileUrl: z.string(),
  tileSubdomains: z.array(z.string()),
  /** Shown in the map's corner, as the imagery's licence asks. */
  attribution: z.string(),
  /** The deepest zoom the imagery has tiles for; the map magnifies past it. */
  maxNativeZoom: z.number().int(),
  /** The zoom the map opens at: 20 where the imagery reaches it, else 19 (§9). */
  initialZoom: z.number().int(),
  /**
   * The static-map provider's base URL and the length its key adds (percent-encoded): the browser checks the saved
   * image URL's 2048 rule with a stand-in key of that length; the key itself stays on the server.
   */
  staticMap: z.object({ baseUrl: z.string(), keyLength: z.number().int().min(0) }),
});
export type MapConfig = z.infer<typeof MapConfig>;

export const GeocodeQuery = z.object({
  q: z.string().trim().min(3, 'type at least 3 characters').max(200),
});

export const GeocodeSuggestion = z.object({
  /** The geocoder's full description of the place. */
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** House number and road; empty when the geocoder gives none. */
  street: z.string(),
  city: z.string(),
  /** The two-letter code where the geocoder gives one, else the state's name. */
  state: z.string(),
  zip: z.string(),
});
export type GeocodeSuggestion = z.infer<typeof GeocodeSuggestion>;

export const GeocodeResponse = z.object({ suggestions: z.array(GeocodeSuggestion) });
export type GeocodeResponse = z.infer<typeof GeocodeResponse>;
