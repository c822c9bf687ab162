/**
 * Answer codes of the news, research ideas and world markets calls (investing.md 7 "News and world markets", "ideas",
 * 8). The web app shows the message in the widget's error area.
 */
export const newsCodes = {
  NWS001: {
    message: 'This news article is not available.',
    meaning: 'GetLiveNewsDetails for an sno the news vendor never published.',
  },
  NWS002: {
    message: 'No such derivative underlying.',
    meaning: 'DerivativeSymbolNews for a symbol that has no futures or options in the market.',
  },
  NWS003: {
    message: 'This category of research calls is not offered for the segment.',
    meaning:
      'GetResearchCalls pairing the derivative category with a segment other than DERIVATIVE, or DERIVATIVE with technical or fundamental.',
  },
  NWS004: {
    message: 'This call type is not offered for the category.',
    meaning: 'GetResearchCalls whose subcategory is not in the category\'s filter list (investing.md 9 "Ideas").',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
