/**
 * @moba/sim/testing — driving a simulated phone from a test or a harness the way a person
 * would: read its uiautomator dump, find a node by text / content description / resource id,
 * tap it, scroll until it shows; decode its screenshots.
 */
export * from './device-driver.ts';
export * from './ui-dump.ts';
