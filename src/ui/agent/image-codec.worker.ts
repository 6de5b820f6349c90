/**
 * The thread that decodes, downscales and re-encodes the images put into the prompt, so a 10 MB
 * photo does not freeze the page (image-codec.ts makes it on first use and talks to it).
 */
import { canvasCodec } from './canvas-codec';
import { answerImageRequest, canDrawOffscreen } from './image-codec-protocol';
import type { ImageCodecAnswer, ImageCodecRequest } from './image-codec-protocol';

const offscreen = canDrawOffscreen(self);
const post = (answer: ImageCodecAnswer) => self.postMessage(answer);

self.addEventListener('message', (event: MessageEvent<ImageCodecRequest>) => {
  void answerImageRequest(event.data, canvasCodec, offscreen).then(post);
});
