// The protocol's fuzz test on the fake browser's promise-based `browser` (Firefox, Chrome 148+).
import { fuzzTheProtocol } from './background-fuzz-suite';

fuzzTheProtocol();
