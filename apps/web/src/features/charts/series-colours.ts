/**
 * Which of the theme's chart colours (styles/tokens.css --chart-1 .. --chart-6) a line takes: compared symbols from
 * the start of the palette, studies from its end, so the first few of each never share a colour.
 */
export const PALETTE_SIZE = 6;

export const comparisonColour = (index: number): number => (index % PALETTE_SIZE) + 1;

export const studyColour = (index: number): number => ((index + PALETTE_SIZE - 2) % PALETTE_SIZE) + 1;
