import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments, test titles and READMEs state the rule they rely on (or link to a README section of
 * this repository). A pointer to a document or ticket the reader does not have (a section of the
 * product spec, the design notes, an issue number) tells a maintainer nothing, so none may be committed.
 */
const ROOT = join(import.meta.dirname, '..', '..');

// Written with escapes so this file does not match its own patterns.
const SECTION = '\u00a7';
const CITATION = new RegExp(
  [`[Ss]pec ${SECTION}`, `${SECTION} ?[0-9]`, '[Ss]pec section', ['DESIGN', 'md'].join('\\.'), '[Ii]ssue [0-9]+'].join(
    '|',
  ),
);

/** The catalogue data and lockfiles are generated or quoted from elsewhere, not written here. */
const SKIPPED = /(^|\/)(node_modules|data)\/|(^|\/)(package-lock\.json|pnpm-lock\.yaml|yarn\.lock)$/;

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed.split('\0').filter((file) => file !== '' && !SKIPPED.test(file));
}

describe('the repository cites nothing a reader of it does not have', () => {
  it('has no section of the product spec, design-notes file or issue number in any tracked file', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        continue; // listed by git but deleted in the work tree
      }
      if (text.includes('\0')) continue; // binary
      text.split('\n').forEach((line, index) => {
        if (CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found, 'state the rule itself, or link to a README section, instead of').toEqual([]);
  });
});
