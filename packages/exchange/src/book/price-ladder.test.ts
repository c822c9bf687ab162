import { describe, expect, it } from 'vitest';
import { PriceLadder } from './price-ladder.ts';

describe('PriceLadder bit search', () => {
  it('finds the nearest marked level up and down across words', () => {
    const ladder = new PriceLadder(200);
    expect(ladder.findUp(0)).toBe(-1);
    expect(ladder.findDown(199)).toBe(-1);
    ladder.mark(3);
    ladder.mark(31);
    ladder.mark(32);
    ladder.mark(150);
    expect(ladder.findUp(0)).toBe(3);
    expect(ladder.findUp(4)).toBe(31);
    expect(ladder.findUp(33)).toBe(150);
    expect(ladder.findUp(151)).toBe(-1);
    expect(ladder.findDown(199)).toBe(150);
    expect(ladder.findDown(149)).toBe(32);
    expect(ladder.findDown(31)).toBe(31);
    expect(ladder.findDown(30)).toBe(3);
    expect(ladder.findDown(2)).toBe(-1);
    ladder.unmark(31);
    expect(ladder.findUp(4)).toBe(32);
  });
});

describe('PriceLadder bounded search and level count', () => {
  it('stops at the bound and counts non-empty levels', () => {
    const ladder = new PriceLadder(200);
    ladder.mark(40);
    ladder.mark(40);
    ladder.mark(120);
    expect(ladder.levels).toBe(2);
    expect(ladder.findUp(0, 39)).toBe(-1);
    expect(ladder.findUp(0, 40)).toBe(40);
    expect(ladder.findUp(41, 119)).toBe(-1);
    expect(ladder.findUp(41, 500)).toBe(120);
    expect(ladder.findDown(199, 121)).toBe(-1);
    expect(ladder.findDown(199, 120)).toBe(120);
    expect(ladder.findDown(119, 41)).toBe(-1);
    expect(ladder.findDown(119, -5)).toBe(40);
    ladder.unmark(40);
    ladder.unmark(40);
    expect(ladder.levels).toBe(1);
    ladder.unmark(120);
    expect(ladder.levels).toBe(0);
    expect(ladder.findUp(0)).toBe(-1);
    expect(ladder.findDown(199)).toBe(-1);
  });
});
