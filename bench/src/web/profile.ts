/**
 * Where a step's time goes (`BENCH_WEB_PROFILE=<dir>`): the page's JavaScript sampled by Chromium's own profiler from
 * the step's action to its mark, kept as `<dir>/<run>-<step>.cpuprofile` (DevTools' Performance panel opens it), and
 * summed up in the log by what ran: each sample's function is traced through the build's source maps to the package
 * or the app's module it came from, so a step reads as "react-dom 40 %, ag-grid-community 30 %, the app 10 %, idle
 * (waiting for the network) 20 %" rather than as minified names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CDPSession } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** The production build's chunks and their source maps. */
export const WEB_ASSETS = path.resolve(import.meta.dirname, '../../../apps/web/dist/assets');

/** What the profiler's own pseudo-functions stand for. */
const PSEUDO: Record<string, string> = {
  '(idle)': 'idle (waiting: network, timers)',
  '(program)': 'browser (layout, paint, parsing)',
  '(garbage collector)': 'garbage collection',
  '(root)': 'browser (layout, paint, parsing)',
};

/** The package a source path belongs to, or the app's module (`app: features/…`). */
export function ownerOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const app = /(?:^|\/)(?:apps\/web\/)?src\/(.*)$/.exec(source);
  if (app) return `app: ${app[1]!.replace(/^features\/([^/]+)\/.*$/, 'features/$1')}`;
  const shared = /packages\/([^/]+)\//.exec(source);
  return shared ? `@cc/${shared[1]!}` : source;
}

/** Source maps of the build's chunks, read once each. */
export class Sources {
  private readonly maps = new Map<string, SourceMapConsumer | null>();
  constructor(private readonly assets: string) {}

  /** Who a sampled function belongs to: its package or app module, else its script's name. */
  owner(frame: CallFrame): string {
    if (!frame.url) return PSEUDO[frame.functionName] ?? 'browser (layout, paint, parsing)';
    const file = path.basename(new URL(frame.url).pathname);
    const map = this.map(file);
    // A script's own top level has no line (-1): it is the script's, not any one source's.
    if (!map || frame.lineNumber < 0) return file;
    const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    return at.source ? ownerOf(at.source) : file;
  }

  private map(file: string): SourceMapConsumer | null {
    if (!this.maps.has(file)) {
      const mapFile = path.join(this.assets, `${file}.map`);
      const raw = fs.existsSync(mapFile) ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap) : null;
      this.maps.set(file, raw ? new SourceMapConsumer(raw) : null);
    }
    return this.maps.get(file) ?? null;
  }
}

/** Each owner's self time in ms over the profile, most first. */
export function selfTimes(profile: CpuProfile, ownerOfFrame: (frame: CallFrame) => string): [string, number][] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const owners = new Map<number, string>();
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (const [i, id] of samples.entries()) {
    // A sample stands for the time until the next one (the last: until the profile's end).
    const next = i + 1 < deltas.length ? deltas[i + 1]! : 0;
    let owner = owners.get(id);
    if (owner === undefined) {
      const frame = byNode.get(id);
      owner = frame ? ownerOfFrame(frame) : 'unknown';
      owners.set(id, owner);
    }
    totals.set(owner, (totals.get(owner) ?? 0) + next / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** The profiler on one page: started before a step's action, stopped at its mark. */
export class StepProfiler {
  private readonly lines: string[] = [];
  constructor(
    private readonly cdp: CDPSession,
    private readonly dir: string,
    private readonly sources: Sources,
    private readonly run: number,
  ) {}

  async begin(): Promise<void> {
    await this.cdp.send('Profiler.enable');
    await this.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await this.cdp.send('Profiler.start');
  }

  async end(step: string, ms: number): Promise<void> {
    const { profile } = (await this.cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const name = `${this.run}-${step.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
    fs.writeFileSync(path.join(this.dir, `${name}.cpuprofile`), JSON.stringify(profile));
    this.lines.push(`${step}: ${ms.toFixed(0)} ms to the mark, ${summaryOf(profile, this.sources)}`);
  }

  /** The summary lines of the steps profiled so far. */
  summary(): readonly string[] {
    return this.lines;
  }
}

/** One line per owner over a profile: its self time in ms, those of 2 % or more of the whole. */
export function summaryOf(profile: CpuProfile, sources: Sources): string {
  const times = selfTimes(profile, (frame) => sources.owner(frame));
  const sampled = times.reduce((sum, [, t]) => sum + t, 0);
  const parts = times
    .filter(([, t]) => t >= Math.max(1, sampled * 0.02))
    .map(([owner, t]) => `${owner} ${t.toFixed(0)}`)
    .join(', ');
  return `${sampled.toFixed(0)} ms sampled: ${parts}`;
}

// `tsx src/web/profile.ts <dir>`: the summary of profiles kept by an earlier run, against the build they ran on.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? '.';
  const sources = new Sources(WEB_ASSETS);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    console.log(`${file.replace(/\.cpuprofile$/, '')}: ${summaryOf(profile, sources)}`);
  }
}
