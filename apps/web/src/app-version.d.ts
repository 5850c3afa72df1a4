/** The build's version, defined by vite.config.ts; the screen player reports it (decision 060). */
declare const __APP_VERSION__: string;
