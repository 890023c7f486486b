/** The type of the few HTML pages the API serves itself (the stand-ins' pages, the sandbox's checkout, the Google popup's answer). */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
