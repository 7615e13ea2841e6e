export const sourcesMessages: Record<string, string> = {};
