/** API base address (no trailing slash), injected by Vite `define` and by Jest `globals`. */
declare const __API_URL__: string;
/** Base address of the cart, order and payment calls (VITE_PAYMENTS_API_URL, defaults to the API base). */
declare const __PAYMENTS_API_URL__: string;
/** antd's map tokens of the theme, derived at build time (null in Jest): see shared/ui/precomputed-theme.ts. */
declare const __ANTD_MAP_TOKEN__: import('./shared/ui/precomputed-theme').PrecomputedMapToken | null;
