/**
 * `work`, or a rejection once `ms` have passed — for probes that must answer even when what they
 * ask hangs (a database or Redis that stopped answering). The timer is cleared either way.
 */
export async function within<T>(ms: number, work: Promise<T>, what = 'the operation'): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
