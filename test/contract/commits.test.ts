/**
 * Commit subjects read as a log: at most 72 characters, figures and reasons in the body or a decision
 * record (docs/conventions.md, Commits). The history before HABIT_SINCE keeps its long subjects (rewriting
 * published history would break every clone); every commit after it is held to the line, so a long
 * subject fails here before it lands.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MAX_SUBJECT = 72;
/** The last commit before the habit: its descendants are checked. */
const HABIT_SINCE = 'c3cb316515680e9f709cacbc6b83666e98c29d60';
/** Its committer date: what a shallow clone, which may not hold it, checks after. */
const HABIT_SINCE_DATE = '2026-11-27T01:54:49Z';

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

/** Whether the clone holds the commit (a shallow clone may not). */
function holds(commit: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The subjects to check: those after HABIT_SINCE (after its date, in a shallow clone that lacks it). */
function subjects(): Array<{ hash: string; subject: string }> {
  const range = holds(HABIT_SINCE) ? [`${HABIT_SINCE}..HEAD`] : [`--since=${HABIT_SINCE_DATE}`, 'HEAD'];
  return git('log', '--format=%h%x09%s', ...range)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [hash = '', ...rest] = line.split('\t');
      return { hash, subject: rest.join('\t') };
    });
}

/** The subjects over the limit, as `hash (N): subject`. */
function tooLong(list: Array<{ hash: string; subject: string }>): string[] {
  return list
    .filter(({ subject }) => [...subject].length > MAX_SUBJECT)
    .map(({ hash, subject }) => `${hash} (${[...subject].length}): ${subject}`);
}

describe('commit subjects', () => {
  it(`are at most ${MAX_SUBJECT} characters since the habit began`, () => {
    assert.deepEqual(tooLong(subjects()), []);
  });

  it('counts characters, not bytes, and finds a long one', () => {
    const ok = { hash: 'a', subject: 'č'.repeat(MAX_SUBJECT) };
    const long = { hash: 'b', subject: 'x'.repeat(MAX_SUBJECT + 1) };
    assert.deepEqual(tooLong([ok, long]), [`b (73): ${long.subject}`]);
  });
});
