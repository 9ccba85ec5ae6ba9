// The site's Content Signals (contentsignals.org): what automated use of its content it allows.
// Search indexing and answering a person's question from a page (ai-input, e.g. an agent reading a
// twin or llms.txt) are welcome: the site is written for them. Training models on it is not allowed.
export const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no';
