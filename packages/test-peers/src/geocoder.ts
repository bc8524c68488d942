/**
 * A real Nominatim-compatible geocoder for the tests: GET /search?q=&format=json&addressdetails=1 answers the
 * known addresses below (in the demo zips) whose text contains every word of q, in Nominatim's JSON form
 * (lat and lon as strings, the address broken down). `failing = true` answers 503; `delayMs` holds each answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KnownAddress {
  houseNumber: string;
  road: string;
  city: string;
  state: string;
  stateCode: string;
  postcode: string;
  lat: number;
  lng: number;
}

export const KNOWN_ADDRESSES: readonly KnownAddress[] = [
  {
    houseNumber: '1200',
    road: 'South 72nd Street',
    city: 'Omaha',
    state: 'Nebraska',
    stateCode: 'NE',
    postcode: '68124',
    lat: 41.24722,
    lng: -96.02415,
  },
  {
    houseNumber: '4805',
    road: 'Underwood Avenue',
    city: 'Omaha',
    state: 'Nebraska',
    stateCode: 'NE',
    postcode: '68132',
    lat: 41.26543,
    lng: -95.98432,
  },
  {
    houseNumber: '3620',
    road: 'Grand Avenue',
    city: 'Des Moines',
    state: 'Iowa',
    stateCode: 'IA',
    postcode: '50312',
    lat: 41.58321,
    lng: -93.66789,
  },
  {
    houseNumber: '7420',
    road: 'Wornall Road',
    city: 'Kansas City',
    state: 'Missouri',
    stateCode: 'MO',
    postcode: '64114',
    lat: 38.99112,
    lng: -94.59408,
  },
  {
    houseNumber: '2110',
    road: 'East Skyline Drive',
    city: 'Madison',
    state: 'Wisconsin',
    stateCode: 'WI',
    postcode: '53705',
    lat: 43.07645,
    lng: -89.45321,
  },
  {
    houseNumber: '5615',
    road: 'North Meridian Street',
    city: 'Indianapolis',
    state: 'Indiana',
    stateCode: 'IN',
    postcode: '46220',
    lat: 39.85312,
    lng: -86.15664,
  },
  // The independent franchises' areas, which the measurer's scope (corporate, not administrator) holds: a measurer can
  // measure by address on the local peers too.
  {
    houseNumber: '1015',
    road: 'West Jefferson Avenue',
    city: 'Naperville',
    state: 'Illinois',
    stateCode: 'IL',
    postcode: '60540',
    lat: 41.77309,
    lng: -88.16695,
  },
  {
    houseNumber: '2420',
    road: 'Montgomery Road',
    city: 'Aurora',
    state: 'Illinois',
    stateCode: 'IL',
    postcode: '60504',
    lat: 41.72645,
    lng: -88.25781,
  },
  {
    houseNumber: '3230',
    road: 'North Downer Avenue',
    city: 'Milwaukee',
    state: 'Wisconsin',
    stateCode: 'WI',
    postcode: '53211',
    lat: 43.07602,
    lng: -87.88702,
  },
  {
    houseNumber: '4521',
    road: 'Xerxes Avenue South',
    city: 'Minneapolis',
    state: 'Minnesota',
    stateCode: 'MN',
    postcode: '55410',
    lat: 44.91941,
    lng: -93.31858,
  },
  {
    houseNumber: '2301',
    road: 'Sheridan Boulevard',
    city: 'Lincoln',
    state: 'Nebraska',
    stateCode: 'NE',
    postcode: '68502',
    lat: 40.78571,
    lng: -96.68214,
  },
  {
    houseNumber: '4400',
    road: 'Olentangy River Road',
    city: 'Columbus',
    state: 'Ohio',
    stateCode: 'OH',
    postcode: '43214',
    lat: 40.05632,
    lng: -83.02974,
  },
  {
    houseNumber: '812',
    road: 'Fairway Drive',
    city: 'Lexington',
    state: 'Kentucky',
    stateCode: 'KY',
    postcode: '40502',
    lat: 38.01844,
    lng: -84.48235,
  },
];

export interface Geocoder {
  /** The search endpoint to configure: `${url}/search`. */
  searchUrl: string;
  url: string;
  /** The q of each search received. */
  queries: string[];
  failing: boolean;
  delayMs: number;
  close(): Promise<void>;
}

const text = (a: KnownAddress) =>
  `${a.houseNumber} ${a.road} ${a.city} ${a.stateCode} ${a.state} ${a.postcode}`.toLowerCase();

function answer(a: KnownAddress, i: number) {
  return {
    place_id: 1000 + i,
    licence: 'Test data',
    osm_type: 'way',
    osm_id: 5000 + i,
    lat: a.lat.toFixed(7),
    lon: a.lng.toFixed(7),
    class: 'building',
    type: 'house',
    display_name: `${a.houseNumber}, ${a.road}, ${a.city}, ${a.state}, ${a.postcode}, United States`,
    address: {
      house_number: a.houseNumber,
      road: a.road,
      city: a.city,
      state: a.state,
      'ISO3166-2-lvl4': `US-${a.stateCode}`,
      postcode: a.postcode,
      country: 'United States',
      country_code: 'us',
    },
  };
}

export async function startGeocoder(): Promise<Geocoder> {
  const state = { failing: false, delayMs: 0, queries: [] as string[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    state.queries.push(q);
    const send = () => {
      if (state.failing) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('geocoder unavailable');
        return;
      }
      if (url.searchParams.get('format') !== 'json') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('format=json expected');
        return;
      }
      const words = q
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const found =
        words.length === 0
          ? []
          : KNOWN_ADDRESSES.map((a, i) => ({ a, i })).filter(({ a }) => words.every((w) => text(a).includes(w)));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(found.slice(0, limit).map(({ a, i }) => answer(a, i))));
    };
    if (state.delayMs > 0) setTimeout(send, state.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    searchUrl: `${url}/search`,
    get queries() {
      return state.queries;
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
