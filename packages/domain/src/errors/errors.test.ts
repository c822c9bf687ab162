import { describe, expect, it } from 'vitest';
import { allCodes, codeSources, invalidRequest } from './index.ts';

describe('answer code catalogue', () => {
  it('has unique codes across every area', () => {
    const keys = codeSources.flatMap((source) => Object.keys(source));
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('documents every code with a message and a meaning', () => {
    for (const [code, entry] of Object.entries(allCodes)) {
      expect(code).toMatch(/^[A-Z]{3}\d{3}$/);
      expect(entry.message.length).toBeGreaterThan(0);
      expect(entry.meaning.length).toBeGreaterThan(0);
    }
  });
  it('words an invalid request as the catalogue message and what was wrong', () => {
    expect(invalidRequest('qty')).toEqual({ ok: false, code: 'EGN001', message: 'Invalid request: qty' });
  });
});
