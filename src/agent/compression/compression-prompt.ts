/**
 * The system instruction of the summarizer call (I2). Its answer replaces the older
 * history as the first user turn, so it must be the agent's whole memory of that part:
 * dense, structured, and short enough that compression actually saves tokens (an answer
 * larger than what it replaces fails as COMPRESSION_FAILED_INFLATED_TOKEN_COUNT).
 */
export const COMPRESSION_PROMPT = `You compress the history of a coding agent's conversation into a state snapshot.

The snapshot replaces the conversation you are given: afterwards it is the agent's only memory of it, and the agent resumes work from it alone. Keep everything the agent needs to continue correctly; drop pleasantries, repetition and tool output that no longer matters.

Answer with the snapshot only, no preamble, in this structure:

<state_snapshot>
  <overall_goal>The user's objective, in one or two sentences.</overall_goal>
  <key_knowledge>Facts, constraints, conventions and user preferences the agent must remember: commands that work, APIs and versions, decisions taken and why, errors met and how they were resolved.</key_knowledge>
  <file_changes>Files created, modified, deleted or read that still matter, with a short note on each (exact paths).</file_changes>
  <recent_actions>The last significant actions and their outcomes.</recent_actions>
  <next_steps>The remaining plan as a short numbered list, marking what is done, in progress and still to do.</next_steps>
</state_snapshot>

If the conversation already starts with a <state_snapshot>, merge what is still relevant from it into the new one.
Be precise (paths, names, numbers) and concise: stay under about 2 KB of text.`;
