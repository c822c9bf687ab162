export { platformText } from './platform.ts';
export { accountText } from './account.ts';
export { paymentText } from './payment.ts';
export { tradingText } from './trading.ts';
export { investingText } from './investing.ts';
export { newsText } from './news.ts';
