export { acceptsHtml, prefersMarkdown } from './accept';
export { htmlOnlyTwin, markdownForPath, notFoundTwin, pageTwin, postTwin, twinPaths } from './twins';
export { postTwinBody } from '@/lib/content/post-body';
export { markdownUrl } from './sections';
export { markdownErrorHeaders, markdownEtag, markdownHeaders } from './response';
export { llmsTxt, llmsFullTxt } from './llms-txt';
