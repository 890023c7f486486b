/**
 * The root element's mark on a page the build rendered whole (the landing, the cart): build/prerender-pages.ts writes
 * it, main.tsx hydrates the page it finds it on.
 */
export const RENDERED_WHOLE = { attribute: 'data-rendered', value: 'build' } as const;
