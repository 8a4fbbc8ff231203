import { describe, expect, it } from 'vitest';
import { parsePartLabel } from '../../common/resources/partLabel';
import { choosePartChoices, type PartChoice } from '../../common/resources/workAccounting';

describe("a part's QR label (docs/qr-labels.md, Part labels)", () => {
  it('reads the part number, trimmed, or the last segment of a URL', () => {
    expect(parsePartLabel('  SK-100 ')).toEqual({ kind: 'part', partNumber: 'SK-100' });
    expect(parsePartLabel('https://stores.example/parts/SK-100')).toEqual({ kind: 'part', partNumber: 'SK-100' });
    expect(parsePartLabel('https://stores.example/parts/SK-100/?ref=label#top')).toEqual({ kind: 'part', partNumber: 'SK-100' });
    expect(parsePartLabel('http://stores.example/p/VB%20A42')).toEqual({ kind: 'part', partNumber: 'VB A42' });
  });

  it("tells an asset's label apart and ignores what holds no number", () => {
    expect(parsePartLabel('ASSET_ID:PMP-001')).toEqual({ kind: 'asset' });
    expect(parsePartLabel('   ')).toEqual({ kind: 'none' });
    expect(parsePartLabel('https://stores.example/')).toEqual({ kind: 'none' });
  });
});

describe('the parts picker offline (the server rule on the phone)', () => {
  const part = (partNumber: string, name: string): PartChoice => ({ _id: partNumber, partNumber, name, quantityOnHand: 1, location: '' });
  const parts = [part('sk-100a', 'Seal kit large'), part('SK-100', 'Seal kit'), part('VB-A42', 'V-belt'), part('GS-1', 'Gasket for SK pumps')];

  it('matches number or name in any case, the exact number first, then by number', () => {
    expect(choosePartChoices(parts, 'sk-100').map((p) => p.partNumber)).toEqual(['SK-100', 'sk-100a']);
    expect(choosePartChoices(parts, ' sk ').map((p) => p.partNumber)).toEqual(['GS-1', 'SK-100', 'sk-100a']);
    expect(choosePartChoices(parts, '').map((p) => p.partNumber)).toEqual(['GS-1', 'SK-100', 'sk-100a', 'VB-A42']);
  });

  it('answers at most 20', () => {
    const many = Array.from({ length: 30 }, (_, index) => part(`P-${String(index).padStart(2, '0')}`, 'Pin'));
    expect(choosePartChoices(many, 'pin')).toHaveLength(20);
  });
});
