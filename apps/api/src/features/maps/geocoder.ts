/**
 * MeasureIt's address search (decision 037): the server asks the configured Nominatim-compatible geocoder, with a
 * time limit, and answers suggestions in the product's terms. The browser never calls the geocoder itself: the
 * page's policy allows no other origin, and the geocoder's usage rules (a named User-Agent) are kept in one place.
 */
import type { GeocodeSuggestion } from '@cc/contract';
import type { Config } from '../../config.js';
import { unavailable } from '../../http/errors.js';

export const GEOCODER_UNAVAILABLE = 'The address search is not available right now. Try again in a moment.';
/** Suggestions asked of the geocoder and answered. */
const LIMIT = 5;

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  address?: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** One Nominatim result as a suggestion, or undefined when it has no usable position. */
export function suggestionOf(place: NominatimPlace): GeocodeSuggestion | undefined {
  const lat = Number(place.lat);
  const lng = Number(place.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  const a = place.address ?? {};
  const street = [str(a.house_number), str(a.road) || str(a.pedestrian) || str(a.street)].filter(Boolean).join(' ');
  const city = str(a.city) || str(a.town) || str(a.village) || str(a.hamlet) || str(a.suburb);
  const iso = /^US-([A-Z]{2})$/.exec(str(a['ISO3166-2-lvl4']));
  const state = iso ? iso[1]! : str(a.state);
  const zip = /^\d{5}/.exec(str(a.postcode))?.[0] ?? str(a.postcode);
  const label = str(place.display_name) || [street, city, state, zip].filter(Boolean).join(', ');
  return { label: label.slice(0, 500), lat, lng, street, city, state, zip };
}

export async function geocode(config: Config['maps'], q: string): Promise<GeocodeSuggestion[]> {
  const url = new URL(config.geocoderUrl);
  url.searchParams.set('q', q);
  url.searchParams.set('format', 'json');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', String(LIMIT));
  url.searchParams.set('countrycodes', 'us');
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': config.geocoderUserAgent },
      signal: AbortSignal.timeout(config.geocoderTimeoutMs),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw unavailable(GEOCODER_UNAVAILABLE, error);
  }
  if (!Array.isArray(body)) throw unavailable(GEOCODER_UNAVAILABLE, new Error('geocoder answered no list'));
  return body
    .map((place) => (place && typeof place === 'object' ? suggestionOf(place as NominatimPlace) : undefined))
    .filter((s): s is GeocodeSuggestion => s !== undefined)
    .slice(0, LIMIT);
}
