import { describe, expect, it } from 'vitest';
import { csvCell, startsLikeFormula } from './csv-cell.js';

describe('csvCell: formula injection in the CSV files the app writes', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")'],
    ["=cmd|' /C calc'!A0"],
    ['+1+cmd|calc'],
    ['-2+3'],
    ['@SUM(1,1)'],
    ['\t=1+1'],
    ['\r=1+1'],
    ['\uFF1D1+1'],
  ])('%j gets a single quote in front and is quoted, the value still readable', (text) => {
    expect(startsLikeFormula(text)).toBe(true);
    expect(csvCell(text)).toEqual({ text: `'${text}`, quoted: true });
  });

  it('leaves other text alone, also a formula sign further in', () => {
    for (const text of ['Smith', 'a=b', ' =1', "O'Brien", '', '5-4']) {
      expect(csvCell(text)).toEqual({ text, quoted: false });
    }
  });

  it("writes the app's own numbers as numbers, negative ones too; text that looks like a number is still text", () => {
    expect(csvCell(-5)).toEqual({ text: '-5', quoted: false });
    expect(csvCell(12)).toEqual({ text: '12', quoted: false });
    expect(csvCell('-5.00')).toEqual({ text: "'-5.00", quoted: true });
  });

  it('writes nothing for no value', () => {
    expect(csvCell(null)).toEqual({ text: '', quoted: false });
    expect(csvCell(undefined)).toEqual({ text: '', quoted: false });
  });
});
