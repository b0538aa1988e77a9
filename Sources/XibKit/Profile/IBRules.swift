/// The Interface Builder profile: what the format means, as tables rather than a type per UIKit
/// class. The format has hundreds of element types; the few that need a meaning of their own are
/// listed here, and every stage reads these tables: the graph (identity, references), the merge
/// (identity, containers, references, noise, atomic values), the diff and the textconv outline
/// (the same, and how things read), `check` (references, layout flags, translations), the
/// add/add base (identity) and the renderer (drawing). Elements not listed are handled
/// generically: identified by position, merged as ordered sequences, shown as values, never
/// dropped.
///
/// One file per concern:
/// - `IBRules+Identity`: which elements are objects, and what identifies the others;
/// - `IBRules+Containers`: which containers are ordered and which are sets (and how Xcode
///   sorts some sets);
/// - `IBRules+References`: which attributes hold object ids, and which elements exist only to
///   refer to another object;
/// - `IBRules+Values`: noise, layout and atomic values;
/// - `IBRules+Display`: names, titles and how values read (diff, outline, summaries, review);
/// - `IBRules+Drawing`, `+Chrome`, `+Controls`: what `render` and `review` draw, and how (views,
///   colours and fonts; bars and chrome; controls);
/// - `IBRules+Check`: Xcode's layout flags and the translations `check` reads.
///
/// Adding a rule is adding a line to the table it belongs to. The lookups over the tables
/// (`ProfileIndex.swift`) are built from them once.
public enum IBRules {}
