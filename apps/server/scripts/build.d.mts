export const SERVER_BUNDLE: string;
export function buildServer(): Promise<void>;
