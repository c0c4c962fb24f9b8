// The protocol's fuzz test behind webextension-polyfill's real code wrapping a callback-style
// `chrome` (Chrome before 148): the guard's and the handlers' answers, the storage and cookie calls
// all go through the polyfill's wrappers.
import { fuzzTheProtocol } from './background-fuzz-suite';

fuzzTheProtocol({ polyfilled: true });
