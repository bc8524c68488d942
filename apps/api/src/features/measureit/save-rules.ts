/**
 * What the server makes of a measurement's save (decision 036): a size drawn on the map is
 * the shapes' own area on the spec's sphere, computed here — the size the screen sends must agree with it (within 1 %,
 * or a square foot) — and its ImagePath is the static-map address of those shapes, built here from the configured
 * provider (a key never leaves the server); an address of 2048 characters or more refuses the save, naming the shape
 * to simplify. A size typed by hand (an external source named) is kept as typed. Without shapes there is no image.
 */
import { MEASURED_THRESHOLD_SQFT } from '@cc/contract';
import { buildStaticMapUrl, measureGeometry, STATIC_MAP_URL_LIMIT } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import type { MeasurementSave } from './measurable.js';

/** How far the screen's size may be from the server's reading of the same shapes. */
const AGREEMENT = { share: 0.01, squareFeet: 1 };

export function settleSave<T extends MeasurementSave>(ctx: AppContext, save: T): T {
  if (save.SquareFeet <= MEASURED_THRESHOLD_SQFT) return save;
  if (save.shapes === null) return { ...save, ImagePath: '' };
  let squareFeet = save.SquareFeet;
  if (save.ExternalMeasurementSourceId === null) {
    const area = measureGeometry(save.shapes).squareFeet;
    if (Math.abs(area - save.SquareFeet) > Math.max(AGREEMENT.squareFeet, area * AGREEMENT.share)) {
      throw badRequest(
        'SquareFeet',
        `is ${save.SquareFeet} but the shapes drawn measure ${area.toFixed(2)} square feet; a size typed by hand names its external source`,
      );
    }
    squareFeet = Math.round(area * 100) / 100;
  }
  const image = buildStaticMapUrl(save.shapes, {
    baseUrl: ctx.config.maps.staticMapUrl,
    ...(ctx.config.maps.staticMapKey ? { key: ctx.config.maps.staticMapKey } : {}),
  });
  if (!image.ok) {
    throw badRequest(
      'shapes',
      `make an image address of ${image.length} characters (it must stay under ${STATIC_MAP_URL_LIMIT}): simplify shape ${image.shapeIndex + 1}`,
    );
  }
  return { ...save, SquareFeet: squareFeet, ImagePath: image.url };
}
