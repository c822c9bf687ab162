export * from './catalogue.ts';
export * from './codes.ts';
export * from './result.ts';
