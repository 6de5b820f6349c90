/** Which sandbox a session's tools run in; the status bar and the terminal say so. */
export type SandboxKind = 'webcontainer' | 'offline';
