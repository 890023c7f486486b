/** API base address (no trailing slash), injected by Vite `define` and by Jest `globals`. */
declare const __API_URL__: string;
