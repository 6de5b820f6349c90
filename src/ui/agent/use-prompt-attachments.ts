/**
 * The attachments of the next message, owned above the prompt box (the agent panel, or whoever
 * renders it) so that other parts of the page can add to them (`add`) and a fresh prompt box
 * keeps them. Files (paste, drop, Attach image) are prepared one by one (prepare-image.ts, the
 * pixels drawn in the image worker of image-codec.ts); a refused one is said in `problem` and
 * changes nothing else. `take` empties the list for a send; `giveBack` puts what a refused send
 * took back in front. Preparing takes a moment (a photo is decoded and drawn again), so a message
 * sent meanwhile waits for the files pasted or dropped before it (`isPreparing`, `takeWhenReady`),
 * and `preparing` names them for the prompt to say so: an image never misses the message it was
 * attached to.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { PROMPT_IMAGES_MAX } from '../../shared/limits';
import { newId } from '../../shared/ids';
import { attachmentName, uniqueName, withGivenBack } from './prompt-attachments';
import type { PromptAttachment } from './prompt-attachments';
import { defaultImageCodec } from './image-codec';
import { blobBase64, prepareImage } from './prepare-image';
import type { ImageCodec } from './prepare-image';

export interface PromptAttachments {
  attachments: readonly PromptAttachment[];
  /** Why the last file was not attached; null once the person attaches or sends again. */
  problem: string | null;
  /** Adds an attachment made elsewhere (its name is made unique in the list). */
  add(attachment: PromptAttachment): void;
  /** Attaches image files (pasted, dropped, picked), in order; resolves once all are done. */
  addFiles(files: readonly File[]): Promise<void>;
  remove(id: string): void;
  /** The list as it is, emptied: what goes with a message now. */
  take(): PromptAttachment[];
  /** The names of the files being prepared now (as last rendered). */
  preparing: readonly string[];
  /** Whether a file is being prepared at this moment (not as last rendered). */
  isPreparing(): boolean;
  /** Once the files added so far are prepared (or refused): the list, emptied. */
  takeWhenReady(): Promise<PromptAttachment[]>;
  giveBack(attachments: readonly PromptAttachment[]): void;
}

export function usePromptAttachments(codec: ImageCodec = defaultImageCodec()): PromptAttachments {
  const [attachments, setAttachments] = useState<readonly PromptAttachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState<readonly string[]>([]);
  // The files' preparations, one after another: settles once the last one added has.
  const preparations = useRef<Promise<void>>(Promise.resolve());
  // The names of the files not prepared yet, in order; `preparing` is what was last rendered of it.
  const unprepared = useRef<readonly string[]>([]);
  // The list as last set, for `take` and for naming files attached in one go.
  const current = useRef<readonly PromptAttachment[]>([]);
  const update = useCallback((next: (list: readonly PromptAttachment[]) => readonly PromptAttachment[]) => {
    current.current = next(current.current);
    setAttachments(current.current);
  }, []);

  const append = useCallback(
    (attachment: PromptAttachment) =>
      update((list) => {
        const name = uniqueName(attachmentName(attachment), list.map(attachmentName));
        return [...list, { ...attachment, name }];
      }),
    [update],
  );
  const add = useCallback(
    (attachment: PromptAttachment) => {
      setProblem(null);
      append(attachment);
    },
    [append],
  );

  const prepareFiles = useCallback(
    async (files: readonly File[]) => {
      for (const file of files) {
        if (current.current.filter((attachment) => attachment.type === 'image').length >= PROMPT_IMAGES_MAX) {
          setProblem(`${file.name} was not attached: a message takes at most ${PROMPT_IMAGES_MAX} images.`);
          return;
        }
        const prepared = await prepareImage(file, codec);
        if (!prepared.ok) {
          setProblem(prepared.message);
          continue;
        }
        const data = await blobBase64(prepared.image.blob).catch(() => null);
        if (data === null) {
          setProblem(`${file.name} was not attached: it could not be read.`);
          continue;
        }
        append({
          type: 'image',
          id: newId('attachment'),
          name: file.name || 'pasted image',
          mimeType: prepared.image.mimeType,
          data,
          bytes: prepared.image.blob.size,
          ...(prepared.image.note ? { note: prepared.image.note } : {}),
        });
      }
    },
    [append, codec],
  );
  const addFiles = useCallback(
    (files: readonly File[]) => {
      setProblem(null);
      if (files.length === 0) return preparations.current;
      const names = files.map((file) => file.name || 'pasted image');
      const waiting = (list: readonly string[]) => {
        unprepared.current = list;
        setPreparing(list);
      };
      waiting([...unprepared.current, ...names]);
      const done = preparations.current.then(() => prepareFiles(files)).finally(() => waiting(unprepared.current.slice(names.length)));
      preparations.current = done.catch(() => undefined);
      return done;
    },
    [prepareFiles],
  );

  const remove = useCallback((id: string) => update((list) => list.filter((attachment) => attachment.id !== id)), [update]);
  const take = useCallback(() => {
    const taken = [...current.current];
    setProblem(null);
    update(() => []);
    return taken;
  }, [update]);
  const takeWhenReady = useCallback(() => preparations.current.then(take), [take]);
  const isPreparing = useCallback(() => unprepared.current.length > 0, []);
  const giveBack = useCallback((given: readonly PromptAttachment[]) => update((list) => withGivenBack(list, given)), [update]);

  return useMemo(
    () => ({ attachments, problem, add, addFiles, remove, take, giveBack, preparing, isPreparing, takeWhenReady }),
    [attachments, problem, add, addFiles, remove, take, giveBack, preparing, isPreparing, takeWhenReady],
  );
}
