/** Types of early-prompt.mjs (index.html's early prompt script, put inline by the build). */
export declare const EARLY_PROMPT_TAG: string;
export declare function earlyPromptScript(): string;
export declare function inlineEarlyPrompt(html: string): string;
export declare function earlyPromptHashSource(): string;
