import { describe, expect, it } from 'vitest';
import { adRatio, croreText, directionOf, intensityOf, lakhText, signed } from './stats-format.ts';

describe('market statistics formatting', () => {
  it('shows traded value in lakh with lakh grouping, rounded half away from zero', () => {
    expect(lakhText('123456789.50')).toBe('1,234.57');
    expect(lakhText('1234567890123.00')).toBe('1,23,45,678.90');
    expect(lakhText('0.00')).toBe('0.00');
    expect(lakhText('499.99')).toBe('0.00');
    expect(lakhText('500.00')).toBe('0.01');
  });

  it('shows deal values in crore and the advance / decline ratio, in integer arithmetic', () => {
    expect(croreText('2512345678.90')).toBe('251.23');
    expect(croreText('1234567890123.00')).toBe('1,23,456.79');
    expect(croreText('0.00')).toBe('0.00');
    expect(adRatio(1210, 845)).toBe('1.43');
    expect(adRatio(0, 5)).toBe('0.00');
    expect(adRatio(3, 0)).toBe('—');
  });

  it('signs a change and tells its direction', () => {
    expect(signed('1234.50')).toBe('+1,234.50');
    expect(signed('-4.05')).toBe('-4.05');
    expect(signed('0.00')).toBe('0.00');
    expect(directionOf('0.00')).toBe('flat');
    expect(directionOf('-0.01')).toBe('down');
    expect(directionOf('0.01')).toBe('up');
  });

  it('grades a tile by half-percent steps up to 4', () => {
    expect(intensityOf('0.00')).toBe(0);
    expect(intensityOf('0.01')).toBe(1);
    expect(intensityOf('-0.50')).toBe(1);
    expect(intensityOf('0.51')).toBe(2);
    expect(intensityOf('-7.20')).toBe(4);
  });
});
