/**
 * The query options of the calls under /api/odata/ (decision 063): a system option without its `$` or in another case
 * is read as its `$` name; what a call would otherwise ignore is a 400 in OData's shape naming the parameter as
 * written. Checked on each of the three calls that take OData options.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@cc/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { readODataOptions } from './odata-options.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signin('admin');
});
afterAll(async () => {
  await t.close();
});

async function get(path: string, query: string) {
  const response = await t.call(admin, { method: 'GET', url: `${path}?${query}` });
  const json = (response.headers['content-type'] ?? '').toString().includes('json');
  return {
    status: response.statusCode,
    body: json ? response.json<Record<string, unknown>>() : {},
    text: response.body,
  };
}
const calls = routes.searchOutboundCalls.path;
const properties = routes.measureItODataProperties.path;
const exported = routes.exportOutboundCalls.path;

type Page = { value: { OutboundId?: number; propertyId?: number }[]; '@odata.count'?: number };
const idsOf = (body: unknown, key: 'OutboundId' | 'propertyId') => (body as Page).value.map((r) => r[key]);

describe('readODataOptions', () => {
  const declared = ['branchNo', '$filter', '$orderby', '$skip', '$top', '$count'];
  it('reads a system option with or without $, in any case, under its $ name', () => {
    expect(readODataOptions({ top: '5', SKIP: '10', orderBy: 'zip', $Count: 'true' }, declared)).toEqual({
      query: { $top: '5', $skip: '10', $orderby: 'zip', $count: 'true' },
      given: { $top: 'top', $skip: 'SKIP', $orderby: 'orderBy', $count: '$Count' },
    });
    expect(readODataOptions({ $top: '5', branchNo: 'SG101' }, declared)).toEqual({
      query: { $top: '5', branchNo: 'SG101' },
      given: {},
    });
  });
  it('refuses, naming the parameter as written, whatever it would otherwise ignore', () => {
    const refusal = (raw: Record<string, unknown>) => {
      try {
        readODataOptions(raw, declared);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ select: 'zip' })).toBe(
      'select: is an OData option this call does not support (it takes $filter, $orderby, $skip, $top, $count)',
    );
    expect(refusal({ $top: '5', top: '6' })).toBe('top: repeats $top: give each option once');
    expect(refusal({ $top: ['5', '6'] })).toBe('$top: is given more than once: give each option once');
    expect(refusal({ $foo: '1' })).toBe('$foo: is not an OData system query option');
    expect(refusal({ '@p': "'x'" })).toBe('@p: parameter aliases are not supported: write the value in the option');
    expect(refusal({ branchno: 'SG102' })).toBe('branchno: is not a parameter of this call (did you mean branchNo?)');
    expect(refusal({ zzz: '1' })).toBe('zzz: is not a parameter of this call');
  });
});

describe('GET /api/odata/GetSearchOutboundCalls', () => {
  it('honours orderby, skip, top and count without $ as it does with it', async () => {
    const withDollar = await get(calls, '$orderby=OutboundId desc&$skip=3&$top=4&$count=true');
    const without = await get(calls, 'orderby=OutboundId desc&skip=3&top=4&count=true');
    const mixedCase = await get(calls, 'OrderBy=OutboundId desc&SKIP=3&$Top=4&$COUNT=true');
    expect(withDollar.status, withDollar.text).toBe(200);
    expect(idsOf(withDollar.body, 'OutboundId')).toHaveLength(4);
    expect(withDollar.body['@odata.count']).toBeGreaterThan(7);
    expect(without.body).toEqual(withDollar.body);
    expect(mixedCase.body).toEqual(withDollar.body);
    const filtered = await get(calls, "filter=branchNo eq 'SG101'&top=1000");
    expect(filtered.status, filtered.text).toBe(200);
    expect(new Set((filtered.body as { value: { branchNo: string }[] }).value.map((r) => r.branchNo))).toEqual(
      new Set(['SG101']),
    );
  });
  it('refuses what it would ignore, in OData’s shape, naming the parameter', async () => {
    for (const [query, target] of [
      ['$select=Type', '$select'],
      ['expand=x', 'expand'],
      ['$top=5&top=6', 'top'],
      ['$top=5&$top=6', '$top'],
      ['$foo=1', '$foo'],
      ['branch=SG101', 'branch'],
    ] as const) {
      const answer = await get(calls, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({
        error: { code: 'VALIDATION', details: [{ target }] },
      });
    }
  });
  it('names a bad value by the spelling the client used', async () => {
    const answer = await get(calls, 'top=abc');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { message: 'top: must be a whole number' } });
  });
});

describe('GET /api/odata/GetMeasureItProperties', () => {
  it('honours skip, top, orderBy and count without $ (as the spec writes them) beside its own parameters', async () => {
    const base = 'branchNo=SG101&mode=Both';
    const withDollar = await get(properties, `${base}&$orderby=propertyId desc&$skip=2&$top=3&$count=true`);
    const without = await get(properties, `${base}&orderBy=propertyId desc&skip=2&top=3&count=true`);
    expect(withDollar.status, withDollar.text).toBe(200);
    expect(idsOf(withDollar.body, 'propertyId')).toHaveLength(3);
    expect(without.body).toEqual(withDollar.body);
  });
  it('refuses an option it does not take and a parameter it does not declare', async () => {
    const select = await get(properties, 'branchNo=SG101&select=zip');
    expect(select.status).toBe(400);
    expect(select.body).toMatchObject({ error: { details: [{ target: 'select' }] } });
    // A misspelt filter would otherwise search every franchise of the scope.
    const misspelt = await get(properties, 'branchno=SG102');
    expect(misspelt.status).toBe(400);
    expect(misspelt.body).toMatchObject({
      error: { message: 'branchno: is not a parameter of this call (did you mean branchNo?)' },
    });
  });
});

describe('GET /api/odata/GetSearchOutboundCalls/export', () => {
  it('honours orderby and filter without $, and refuses top (the export is every match)', async () => {
    const answer = await get(exported, "filter=branchNo eq 'SG101'&orderby=OutboundId desc");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text.split('\n').length).toBeGreaterThan(2);
    const withDollar = await get(exported, "$filter=branchNo eq 'SG101'&$orderby=OutboundId desc");
    expect(answer.text).toBe(withDollar.text);
    const top = await get(exported, 'top=5');
    expect(top.status).toBe(400);
    expect(top.body).toMatchObject({
      error: { message: 'top: is an OData option this call does not support (it takes $filter, $orderby)' },
    });
  });
});
