/**
 * How Compare with original is opened: the page (app.tsx) provides it while the open session is
 * a fork whose comparison it can show, and the fork's origin line offers the button. Null: no
 * button.
 */
import { createContext } from 'react';

export const OpenComparisonContext = createContext<(() => void) | null>(null);
