export interface CoursePage {
  /** http://localhost:<port>/: another site than the app's 127.0.0.1. */
  url: string;
  /** What the page's body holds after its heading. */
  setBody(html: string): void;
  close(): Promise<void>;
}
export function startCoursePage(): Promise<CoursePage>;
