import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString } from './wire-schemas.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * Chart preferences (investing.md "Charts", 3, 4 "Chart", 7): what each of a client's four chart slots shows, kept in
 * the browser and on the server. The spec names the parts (layout, symObj, drawings, span, periodicity) but not their
 * contents; these are chosen and bounded so a saved chart is always one the chart widget can draw.
 */

/** The four chart slots (investing.md "Charts"). */
export const chartSlots = ['1', '2', '3', '4'] as const;
export type ChartSlot = (typeof chartSlots)[number];

/** Drawn series types; 'heikinashi' is the aggregated type (a candle series over Heikin-Ashi bars). */
export const chartTypes = ['candle', 'hollow_candle', 'heikinashi', 'bar', 'line', 'area'] as const;
export type ChartType = (typeof chartTypes)[number];

/** The studies the Studies menu offers, by the name its search matches (case-insensitive). */
export const chartStudies = [
  'Moving Average',
  'Exponential Moving Average',
  'Bollinger Bands',
  'Relative Strength Index',
  'MACD',
  'Volume',
  'VWAP',
] as const;
export type ChartStudyName = (typeof chartStudies)[number];

export const chartStudySchema = z.strictObject({
  name: z.enum(chartStudies),
  /** Bars the study looks back over (the settings dialog); ignored by Volume and VWAP. */
  period: z.number().int().min(2).max(200),
});
export type ChartStudy = z.infer<typeof chartStudySchema>;

export const chartDrawingSchema = z.strictObject({
  /** A horizontal line at a price, or a trend line between two points. */
  type: z.enum(['horizontal', 'trend']),
  /** Bar times in epoch seconds and prices as decimal strings: one point for a horizontal line, two for a trend. */
  points: z
    .array(z.strictObject({ time: z.number().int().min(0), price: decimalString }))
    .min(1)
    .max(2),
});
export type ChartDrawing = z.infer<typeof chartDrawingSchema>;

export const chartPreferenceSchema = z.strictObject({
  layout: z.strictObject({
    chartType: z.enum(chartTypes),
    crosshair: z.boolean(),
    studies: z.array(chartStudySchema).max(8),
    /** Other symbols drawn beside the main one as percentage lines (the comparison series list). */
    comparisons: z.array(symbolObjectSchema).max(4),
  }),
  /** How far back the chart reaches: the range links 1D (1 day), 3M (3 month), 1Y (1 year), 5Y (5 year). */
  span: z.strictObject({ multiplier: z.number().int().min(1).max(10), base: z.enum(['day', 'month', 'year']) }),
  /** One bar's length: interval x period of timeUnit (1 x 5 minute, 1 x 1 day, ...). */
  periodicity: z.strictObject({
    interval: z.number().int().min(1).max(60),
    period: z.number().int().min(1).max(4),
    timeUnit: z.enum(['minute', 'day', 'week', 'month']),
  }),
});
export type ChartPreference = z.infer<typeof chartPreferenceSchema>;

export const savedChartSchema = z.strictObject({
  preference: chartPreferenceSchema,
  symObj: symbolObjectSchema,
  drawings: z.array(chartDrawingSchema).max(50),
});
export type SavedChart = z.infer<typeof savedChartSchema>;

export const getChartPreferences = defineCall({
  path: '/Chart/GetChartPreferences',
  summary: "A chart slot's saved preferences; null when the client has saved none for it",
  access: 'session',
  request: z.strictObject({ chartId: z.enum(chartSlots) }),
  response: z.object({ preferences: savedChartSchema.nullable() }),
});

export const setChartPreferences = defineCall({
  path: '/Chart/ChartPreferences',
  summary: "Saves a chart slot's preferences (the slot's symbol, layout, span, periodicity and drawings)",
  access: 'session',
  request: z.strictObject({ chartId: z.enum(chartSlots), charts: savedChartSchema }),
  response: z.object({ saved: z.literal(true) }),
});

export const chartCalls = [getChartPreferences, setChartPreferences] as const;
