import {
  checkOptionCalculatorInput,
  formatScaled,
  ok,
  OPTION_PRICE_SCALE,
  reject,
  type OptionGreeks,
  type Result,
  type SpanPosition,
} from '@kite/domain';
import {
  impliedVolatility,
  istDay,
  valueOption,
  type Market,
  type OptionModelInput,
  type OptionValuation,
} from '@kite/exchange';
import { lastPrice } from './last-price.ts';

export interface OptionCalculatorRequest {
  underlyingPrice: string;
  strikePrice: string;
  daysToExpiry: string;
  volatility: string;
  interestRate: string;
  dividendYield: string;
  optionPremium: string;
  premiumType: 'CE' | 'PE';
}

export interface OptionCalculatorAnswer {
  call: OptionGreeks;
  put: OptionGreeks;
  impliedVolatility: string | null;
}

const DAYS_A_YEAR = 365;
/** Theta, vega and rho of a cheap option are fractions of a paisa: 4 decimals keep them readable. */
const GREEK_DECIMALS = 4;

/** The model's real number, rounded half away from zero once, as a decimal string. */
function fixed(value: number, decimals: number): string {
  const scaled = Math.round(Math.abs(value) * 10 ** decimals) * Math.sign(value);
  return formatScaled(scaled === 0 ? 0 : scaled, decimals);
}

function shown(valuation: OptionValuation, priceDecimals: number): OptionGreeks {
  return {
    price: fixed(valuation.price, priceDecimals),
    delta: fixed(valuation.delta, 4),
    gamma: fixed(valuation.gamma, 6),
    theta: fixed(valuation.theta, GREEK_DECIMALS),
    vega: fixed(valuation.vega, GREEK_DECIMALS),
    rho: fixed(valuation.rho, GREEK_DECIMALS),
  };
}

/**
 * /Calculators/CalculateOptions: the figures are checked exactly (domain), then valued with Black-Scholes-Merton
 * (exchange's option model, real numbers) and shown rounded once: prices to the price's decimals, delta, theta, vega
 * and rho to 4, gamma to 6; the implied volatility in percent to 2.
 */
export function calculateOptionValues(request: OptionCalculatorRequest): Result<OptionCalculatorAnswer> {
  const checked = checkOptionCalculatorInput(request);
  if (!checked.ok) return reject('CAL001', checked.error);
  const figures = checked.value;
  const price = (units: number) => units / 10 ** OPTION_PRICE_SCALE;
  const model: OptionModelInput = {
    spot: price(figures.underlying),
    strike: price(figures.strike),
    years: figures.days / DAYS_A_YEAR,
    volatility: figures.volatilityHundredths / 10_000,
    rate: figures.rateHundredths / 10_000,
    dividendYield: figures.dividendHundredths / 10_000,
  };
  const implied =
    figures.premium === null ? null : impliedVolatility(request.premiumType === 'CE', price(figures.premium), model);
  return ok({
    call: shown(valueOption(true, model), figures.priceDecimals),
    put: shown(valueOption(false, model), figures.priceDecimals),
    impliedVolatility: implied === null ? null : fixed(implied * 100, 2),
  });
}

export interface OptionInputsRequest {
  exchange: SpanPosition['exchange'];
  trSymbol: string;
  interestRate: string;
  dividendYield: string;
}

export interface OptionInputs {
  displaySym: string;
  underlyingPrice: string;
  strikePrice: string;
  daysToExpiry: number;
  optionPremium: string;
  premiumType: 'CE' | 'PE';
  volatility: string | null;
}

/** A volatility to value with while only the premium's implied volatility is wanted: that does not depend on it. */
const ANY_VOLATILITY = '20';

/**
 * /Calculators/OptionInputs: a listed option's figures as the calculator takes them, at the last prices (no
 * simulation is started for them): the underlying's, the strike, IST calendar days to expiry and the option's own,
 * with the volatility that premium implies at the client's rates. On the expiry day no premium is given (the
 * calculator values an option with no time left at its intrinsic value).
 */
export function optionInputs(market: Market, request: OptionInputsRequest, now: number): Result<OptionInputs> {
  const option = market.registry.bySymbol(request.exchange, request.trSymbol);
  const underlying = option?.underlying ? market.registry.byId(option.underlying) : undefined;
  if (!option?.tradable || !option.optType || option.strike === null || option.expiryDay === null || !underlying)
    return reject('CAL002');
  const daysToExpiry = Math.max(0, option.expiryDay - istDay(now));
  const figures = {
    underlyingPrice: formatScaled(lastPrice(market, underlying), underlying.priceDecimals),
    strikePrice: formatScaled(option.strike, option.priceDecimals),
    optionPremium: daysToExpiry === 0 ? '' : formatScaled(lastPrice(market, option), option.priceDecimals),
    premiumType: option.optType,
  };
  const valued = calculateOptionValues({
    ...figures,
    daysToExpiry: String(daysToExpiry),
    volatility: ANY_VOLATILITY,
    interestRate: request.interestRate,
    dividendYield: request.dividendYield,
  });
  if (!valued.ok) return valued;
  return ok({ displaySym: option.displaySym, ...figures, daysToExpiry, volatility: valued.data.impliedVolatility });
}
