/**
 * INVARIANT(P) of spec §2, as checks every test can run on the `contents` of a model
 * request (or on a stored history). Each check returns the violations it found as
 * readable sentences; an empty list means the contents are fine.
 */
import type { Content } from '../../shared/content';

function describeAt(contents: readonly Content[], index: number): string {
  return `contents[${index}] (${contents[index]?.role ?? 'missing'})`;
}

/**
 * (a) Every model functionCall with id X has exactly one functionResponse with id X in
 * the immediately following user Content, and no functionResponse is stray: each one
 * has an id, sits in a user Content, and answers a call of the model Content right
 * before it. Calls without an id are not checked (nothing can pair them).
 */
export function pairingViolations(contents: readonly Content[]): string[] {
  const violations: string[] = [];
  contents.forEach((content, index) => {
    const previous = contents[index - 1];
    const next = contents[index + 1];
    const callIds = new Set(
      (previous?.role === 'model' ? previous.parts : []).flatMap((part) =>
        part.functionCall?.id ? [part.functionCall.id] : [],
      ),
    );
    for (const part of content.parts) {
      const response = part.functionResponse;
      if (response && content.role !== 'user') {
        violations.push(`${describeAt(contents, index)} holds functionResponse "${response.id ?? ''}"; responses belong in user Contents`);
      } else if (response && !response.id) {
        violations.push(`${describeAt(contents, index)} holds a functionResponse "${response.name}" without an id`);
      } else if (response?.id && !callIds.has(response.id)) {
        violations.push(
          `${describeAt(contents, index)} holds stray functionResponse "${response.id}": the Content before it has no call with that id`,
        );
      }
      const callId = content.role === 'model' ? part.functionCall?.id : undefined;
      if (!callId) continue;
      const answers =
        next?.role === 'user' ? next.parts.filter((candidate) => candidate.functionResponse?.id === callId).length : 0;
      if (answers !== 1) {
        violations.push(
          `${describeAt(contents, index)} functionCall "${callId}" needs exactly one functionResponse in the next user Content, found ${answers}`,
        );
      }
    }
  });
  return violations;
}

/** (b) No two consecutive Contents with the same role. */
export function sameRoleNeighbourViolations(contents: readonly Content[]): string[] {
  const violations: string[] = [];
  contents.forEach((content, index) => {
    if (index > 0 && contents[index - 1]?.role === content.role) {
      violations.push(`${describeAt(contents, index - 1)} and contents[${index}] share the role "${content.role}"`);
    }
  });
  return violations;
}

/** Throws an Error listing every violation of (a) and (b); use it on every request a test sees. */
export function expectInvariants(request: readonly Content[]): void {
  const violations = [...pairingViolations(request), ...sameRoleNeighbourViolations(request)];
  if (violations.length > 0) {
    throw new Error(`INVARIANT(P) violated:\n- ${violations.join('\n- ')}`);
  }
}
