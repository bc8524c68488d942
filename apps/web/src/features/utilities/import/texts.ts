/** The import dialog's sentences about a call type's file, with the article its label takes ('an Upsell file'). */
export const article = (word: string) => (/^[AEIOU]/i.test(word) ? 'an' : 'a');

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Said of a call type whose file carries no branch: the franchise is chosen instead. */
export const noBranchNote = (label: string) =>
  `${capitalised(article(label))} ${label} file names no branch: choose its franchise.`;
