/** Counted nouns in the product's messages: "1 action", "2 actions", "1 reply", "0 replies". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : pluralForm}`;
}
