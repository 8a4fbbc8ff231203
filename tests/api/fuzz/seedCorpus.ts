/**
 * Values that broke a handler before (issue 16 §1), offered for any field of the same name next
 * to the values read from the running app — the seed corpus fuzzers keep. A random string will
 * not write a program, and the script sandbox is fed programs.
 */
export const SEED_CORPUS: Readonly<Record<string, readonly unknown[]>> = {
  code: [
    // A result nested 5,000 deep: structured clone and JSON writers recurse on it.
    'let a = []; for (let i = 0; i < 5000; i++) a = [a]; return a;',
    // A promise chain still running at the time limit: QuickJS aborted with its own assertion text.
    'const f = () => Promise.resolve().then(f); f(); return 1;',
  ],
};
