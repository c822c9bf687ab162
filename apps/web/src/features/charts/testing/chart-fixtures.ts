import { reliance } from '../../search/testing/search-fixtures.ts';

/** RELIANCE's quote as /Market/GetQuote answers it in the charts' jsdom tests. */
export const relianceQuote = {
  sym: reliance.sym,
  displaySym: 'RELIANCE',
  companyName: 'Reliance Industries Ltd.',
  streamSym: 'RELIANCE',
  ltp: '1515.05',
  chng: '5.05',
  chngPer: '0.33',
};
