import { describe, expect, it } from 'vitest';
import {
  MAX_KEYS_PER_MESSAGE,
  buildChannel,
  clientMessageSchema,
  connectMessageSchema,
  legacyStreamKey,
  parseChannel,
  segmentStreamKey,
  streamItemSchema,
  subscriptionMessageSchema,
} from './stream.ts';

describe('stream channels', () => {
  it('splits a channel of exchange|symbol pairs joined by & and drops repeats', () => {
    expect(parseChannel('NSE|RELIANCE&NSE|TCS&NSE|RELIANCE')).toEqual(['NSE|RELIANCE', 'NSE|TCS']);
    expect(parseChannel('NSE|NIFTY 50')).toEqual(['NSE|NIFTY 50']);
    expect(
      parseChannel(buildChannel([legacyStreamKey('BSE', '500325'), segmentStreamKey('nse_cm', 'RELIANCE-EQ')])),
    ).toEqual(['BSE|500325', 'nse_cm|RELIANCE-EQ']);
  });

  it('refuses malformed keys and oversized channels', () => {
    for (const bad of ['', 'NSE', 'NSE|', '|TCS', 'NSE|TCS|X', 'NSE|TCS&', 'NSE|<script>', 'NSE|"TCS"'])
      expect(parseChannel(bad), bad).toBeNull();
    const many = Array.from({ length: MAX_KEYS_PER_MESSAGE + 1 }, (_, i) => `NSE|S${i}`).join('&');
    expect(parseChannel(many)).toBeNull();
  });
});

describe('stream messages', () => {
  it('accepts the verb as task or action (platform.md 7.3), but not neither or both disagreeing', () => {
    expect(subscriptionMessageSchema.safeParse({ task: 'sub', channel: 'NSE|TCS', type: 'level1' }).success).toBe(true);
    expect(subscriptionMessageSchema.safeParse({ action: 'unsub', channel: 'NSE|TCS', type: 'level3' }).success).toBe(
      true,
    );
    expect(subscriptionMessageSchema.safeParse({ channel: 'NSE|TCS', type: 'level1' }).success).toBe(false);
    expect(
      subscriptionMessageSchema.safeParse({ task: 'sub', action: 'unsub', channel: 'NSE|TCS', type: 'level1' }).success,
    ).toBe(false);
    expect(subscriptionMessageSchema.safeParse({ task: 'sub', channel: 'NSE|TCS', type: 'level4' }).success).toBe(
      false,
    );
  });

  it('requires user, account id and token to connect', () => {
    expect(
      connectMessageSchema.safeParse({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: 't' }).success,
    ).toBe(true);
    expect(
      connectMessageSchema.safeParse({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: '  ' }).success,
    ).toBe(false);
    expect(clientMessageSchema.safeParse({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1' }).success).toBe(false);
  });

  it('takes prices only as exact decimal strings, never numbers', () => {
    const index = {
      name: 'if',
      type: 'level3',
      key: 'NSE|NIFTY 50',
      exc: 'NSE',
      indexName: 'NIFTY 50',
      ts: 1,
      value: '26123.45',
      highPrice: '26200.00',
      lowPrice: '26000.00',
      closePrice: '25900.00',
      chng: '-223.45',
      chngPer: '-0.86',
      lUpdatedTime: '21/11/2026 10:00:05',
    };
    expect(streamItemSchema.safeParse(index).success).toBe(true);
    expect(streamItemSchema.safeParse({ ...index, value: 26123.45 }).success).toBe(false);
    expect(streamItemSchema.safeParse({ ...index, value: '26123.4' }).success).toBe(false);
    expect(streamItemSchema.safeParse({ ...index, value: '88.4125' }).success).toBe(true);
  });
});
