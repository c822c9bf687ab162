import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';

/** World indices (investing.md 2 "World markets...", 3 "World market group", 7 /Market/WorldIndices). */

const decimal = z.string().regex(/^-?\d+\.\d{2}$/, 'a decimal with 2 places');

export const worldIndexSchema = z.object({
  indexName: z.string(),
  country: z.string(),
  ltp: decimal,
  chng: decimal,
  chngPer: decimal,
  /** IST "dd-mm-yyyy HH:MM:SS" of the value: the last moment the index's home market was open. */
  LUpdatedTime: z.string(),
});
export type WorldIndex = z.infer<typeof worldIndexSchema>;

export const worldMarketGroupSchema = z.object({ continentName: z.string(), indices: z.array(worldIndexSchema) });
export type WorldMarketGroup = z.infer<typeof worldMarketGroupSchema>;

export const worldIndices = defineCall({
  path: '/Market/WorldIndices',
  summary: "World indices by continent, moving through each home market's trading hours",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ indices: z.array(worldMarketGroupSchema) }),
});

export const worldMarketCalls = [worldIndices] as const;
