import { describe, expect, it } from 'vitest';
import { ownerOf, selfTimes, type CpuProfile } from './profile.js';

describe("the screen bench's profile summary", () => {
  it('names a source by its package, or by the app feature it is part of', () => {
    expect(ownerOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(ownerOf('../../node_modules/@mantine/core/esm/components/Box/Box.mjs')).toBe('@mantine/core');
    expect(ownerOf('/work/x/apps/web/src/features/inbound/components/Results.tsx')).toBe('app: features/inbound');
    expect(ownerOf('/work/x/apps/web/src/lib/request.ts')).toBe('app: lib/request.ts');
    expect(ownerOf('../../src/features/measureit/map/grid-layer.ts')).toBe('app: features/measureit');
    expect(ownerOf('../../packages/domain/dist/pricing/quote.js')).toBe('@cc/domain');
  });

  it('gives each sample the time until the next one, summed by owner, most first', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(idle)') },
        { id: 2, callFrame: frame('render', 'http://h/assets/a.js') },
        { id: 3, callFrame: frame('commit', 'http://h/assets/a.js') },
      ],
      samples: [2, 2, 3, 1],
      timeDeltas: [0, 1000, 3000, 2000],
      startTime: 0,
      endTime: 6000,
    };
    const owners = selfTimes(profile, (f) => (f.url ? 'react-dom' : 'idle'));
    expect(owners).toEqual([
      ['react-dom', 6],
      ['idle', 0],
    ]);
  });
});
