/** API base address (no trailing slash), injected by Vite `define` and by Jest `globals`. */
declare const __API_URL__: string;
/** Base address of the cart, order and payment calls (VITE_PAYMENTS_API_URL, defaults to the API base). */
declare const __PAYMENTS_API_URL__: string;
