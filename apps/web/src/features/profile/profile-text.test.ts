import { describe, expect, it } from 'vitest';
import { profileText } from './profile-text.ts';

describe('My Details texts', () => {
  it('shows the last login in IST, dd/mm/yyyy HH:MM (platform.md 9), whatever the browser zone', () => {
    expect(profileText.lastLogin('2026-11-30T18:45:00.000Z')).toBe('01/12/2026 00:15 IST');
  });
});
