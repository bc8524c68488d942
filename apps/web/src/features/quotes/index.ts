/** What other parts of the app use of All Quotes: the header's quote search box and the page's path. */
export { QuoteSearchBox } from './components/QuoteSearchBox';
export { QUOTES_PATH, quotesPath } from './model';
