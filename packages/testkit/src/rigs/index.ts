/**
 * @moba/testkit/rigs — what integration tests and benchmarks start and inspect: a private adb
 * server (own port, own HOME), free ports, temporary folders, process trees from /proc, and
 * seeded fuzz payloads.
 */
export * from './adb.ts';
export * from './fuzz.ts';
export * from './processes.ts';
export * from './temp.ts';
