import L from 'leaflet';

/**
 * A plain grid under the imagery: where the tiles cannot be loaded the user still draws at the property's place,
 * on lines 32 px apart (decision 037).
 */
export function gridLayer(): L.GridLayer {
  const Grid = L.GridLayer.extend({
    createTile(coords: L.Coords) {
      const tile = document.createElement('canvas');
      const size = (this as L.GridLayer).getTileSize();
      tile.width = size.x;
      tile.height = size.y;
      const g = tile.getContext('2d');
      if (g) {
        g.fillStyle = '#eef1ec';
        g.fillRect(0, 0, size.x, size.y);
        g.strokeStyle = (coords.x + coords.y) % 2 === 0 ? '#b9c2b4' : '#c4ccc0';
        g.lineWidth = 1;
        for (let i = 0; i <= size.x; i += 32) {
          g.beginPath();
          g.moveTo(i + 0.5, 0);
          g.lineTo(i + 0.5, size.y);
          g.stroke();
          g.beginPath();
          g.moveTo(0, i + 0.5);
          g.lineTo(size.x, i + 0.5);
          g.stroke();
        }
      }
      return tile;
    },
  });
  return new (Grid as unknown as new (options: L.GridLayerOptions) => L.GridLayer)({ zIndex: 0, maxZoom: 22 });
}
