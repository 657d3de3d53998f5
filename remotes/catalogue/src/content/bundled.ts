/**
 * Content files bundled into the code. content.test.ts checks each against its schema (a broken file
 * fails `npm test` and so the build), so pages do not parse them again at run time: that would put a
 * validator on every visitor's home page for files that cannot change after the build.
 */
export function bundled<T>(file: unknown): T {
  return file as T;
}
