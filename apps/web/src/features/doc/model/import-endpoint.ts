/** The operation this page documents: the public import interface. */
export const IMPORT_PATH = "/api/import/lead";
export const IMPORT_METHOD = "post";

/** The status codes the public import interface documents, listed even when the server's description leaves one out. */
export const DOCUMENTED_CODES = ["200", "400", "401", "402", "403", "404", "409", "429", "500", "502", "503", "504"] as const;

/** What the examples show in place of a real key. */
export const KEY_PLACEHOLDER = "YOUR_API_KEY";

export const importUrl = (origin: string) => `${origin}${IMPORT_PATH}?api_key=${KEY_PLACEHOLDER}`;
