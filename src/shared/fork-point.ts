/**
 * Where a fork starts (issue 26): at a tool card (the history up to and including its batch of
 * results, the files right after that batch) or at a person's message (the history and files
 * before it; the message goes back into the prompt). A message is named by its text and how
 * many person messages follow it in the transcript, which the page always holds whole at its end.
 */
export type ForkPoint = { kind: 'call'; callId: string } | { kind: 'message'; text: string; fromEnd: number };
