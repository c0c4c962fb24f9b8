import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The search's rules (search.ts: its own chunk, loaded when the box is focused) and words. */
export interface Searching {
  rules: typeof import('./search');
  /** The query's folded words; none: no search. */
  terms: readonly string[];
}
export const SearchTerms = createContext<Searching | null>(null);

/** Remote text with the search's matches in `<mark>`: text children only, never HTML. */
export function Marked({ text }: { text: string }) {
  const search = useContext(SearchTerms);
  if (search === null || search.terms.length === 0) return <>{text}</>;
  return (
    <>
      {search.rules.markPieces(text, search.terms).map((piece, index) =>
        // The pieces never reorder within one text: the index is a stable key.
        piece.mark ? <mark key={index}>{piece.text}</mark> : piece.text,
      )}
    </>
  );
}
