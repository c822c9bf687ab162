export { platformText } from './platform.ts';
