import type { ChargeSegment } from '../trading/charges-rates.ts';

/**
 * Brokerage under a trading plan (investing.md 9): Rs 0.01 per executed order in the plan's segments; with the
 * equity plan but not the F&O plan, F&O orders pay Rs 15 per executed order. The equity plan covers equity and
 * currency (the plan screen's zero-brokerage rows), the F&O plan futures and options; commodity is not covered.
 * A plan never makes an order dearer than the standard brokerage (delivery stays free).
 */
export interface PlanCover {
  equity: boolean;
  fno: boolean;
}

export const PLAN_BROKERAGE_PAISE = 1;
export const FNO_WITHOUT_PLAN_BROKERAGE_PAISE = 1_500;

export function brokerageUnderPlan(segment: ChargeSegment, standard: number, cover: PlanCover | undefined): number {
  if (!cover) return standard;
  switch (segment) {
    case 'equity':
    case 'currencyFutures':
    case 'currencyOptions':
      return cover.equity ? Math.min(standard, PLAN_BROKERAGE_PAISE) : standard;
    case 'futures':
    case 'options':
      if (cover.fno) return Math.min(standard, PLAN_BROKERAGE_PAISE);
      return cover.equity ? Math.min(standard, FNO_WITHOUT_PLAN_BROKERAGE_PAISE) : standard;
    case 'commodityFutures':
    case 'commodityOptions':
      return standard;
    default:
      return assertNever(segment);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown charge segment: ${String(value)}`);
}
