import { createHash } from 'node:crypto';
import { relative } from 'node:path';

/** Characters of the style sheet's tag: 62^5 tags, so two sheets of the app are very unlikely to share one. */
const TAG_LENGTH = 5;

/**
 * Names the classes of CSS modules in the build `class_tag`, where the tag stands for the style sheet (its path in
 * the project): each class keeps its own name, readable in the browser's tools, and costs a page fewer bytes than
 * the default (which adds a hash of the sheet's text and the class's line). The tag is stable from build to build
 * while the sheet keeps its path. Two sheets given one tag stop the build rather than mix their classes.
 */
export function cssClassNames(root: string, tagLength = TAG_LENGTH): (name: string, filename: string) => string {
  const sheets = new Map<string, string>();
  return (name, filename) => {
    const sheet = relative(root, filename.split('?')[0] ?? filename).replaceAll('\\', '/');
    const tag = createHash('sha256').update(sheet).digest('base64url').replace(/[-_]/g, '').slice(0, tagLength);
    const owner = sheets.get(tag);
    if (owner === undefined) sheets.set(tag, sheet);
    else if (owner !== sheet) throw new Error(`CSS modules ${owner} and ${sheet} have one class tag (${tag}): rename one`);
    return `${name}_${tag}`;
  };
}
