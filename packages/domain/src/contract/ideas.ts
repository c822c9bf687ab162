import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { ALL_CALLS, ideaCallStatuses, ideaCategories, ideaSegments } from '../content/research-ideas.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * Research calls (investing.md 2 "Research ideas", 3 "Research idea", 7 "ideas"). Prices are decimal strings (2
 * decimals, 4 for currency) of integer price units at the instrument's tick; the status is worked out from the market.
 */

const price = z.string().regex(/^\d+\.\d{2}(\d{2})?$/, 'a price with 2 or 4 decimals');

export const researchIdeaSchema = z.object({
  callid: z.number().int().positive(),
  calltype: z.enum(['BUY', 'SELL']),
  displaySym: z.string(),
  sym: symbolObjectSchema,
  streamSym: z.string(),
  companyName: z.string(),
  exchange: z.string(),
  segment: z.enum(ideaSegments),
  category: z.enum(ideaCategories),
  subcategory: z.string(),
  entryprice1: price,
  targetprice1: price,
  /** '' when the call has one target. */
  targetprice2: z.union([price, z.literal('')]),
  /** '' when the call sets none (fundamental ideas): shown NA. */
  stoplossprice1: z.union([price, z.literal('')]),
  callstatus: z.enum(ideaCallStatuses),
  /** IST "dd-mm-yyyy HH:MM" when the target or stop-loss was hit; '' while open. */
  statusdate: z.string(),
  /** IST "dd-mm-yyyy": the last day the call stands. */
  callexpiry: z.string(),
  calldescription: z.string(),
  /** IST "dd-mm-yyyy HH:MM". */
  callsenttime: z.string(),
});
export type ResearchIdea = z.infer<typeof researchIdeaSchema>;

export const getResearchCalls = defineCall({
  path: '/Ideas/GetResearchCalls',
  summary: 'Research calls of a segment and category, newest first; a subcategory other than ALL CALLS narrows them',
  access: 'session',
  request: z.strictObject({
    subcategory: z.string().trim().toUpperCase().max(30).default(ALL_CALLS),
    recordcount: z.coerce.number().int().min(1).max(50).default(30),
    segment: z.enum(ideaSegments),
    category: z.enum(ideaCategories),
  }),
  response: z.object({ ideas: z.array(researchIdeaSchema) }),
});

export const ideaCalls = [getResearchCalls] as const;
