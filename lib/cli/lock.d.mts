// Types of lock.mjs for the TypeScript side (tests); the module itself is plain ESM.
export function withLock<T>(file: string, fn: () => Promise<T>, options?: { timeoutMs?: number }): Promise<T>;
