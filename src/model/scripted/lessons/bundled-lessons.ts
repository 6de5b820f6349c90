// The lessons the scripted demo ships with, in the order the UI offers them.
import type { Lesson } from '../lesson-types';
import { buildWebPage } from './build-web-page';
import { fixABug } from './fix-a-bug';

export const BUNDLED_LESSONS: readonly Lesson[] = [buildWebPage, fixABug];
