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
/// - `IBRules+Drawing`: what `render` and `review` draw, and how;
/// - `IBRules+Check`: Xcode's layout flags and the translations `check` reads.
///
/// Adding a rule is adding a line to the table it belongs to.
public enum IBRules {
    /// A first filter for the lookups that every attribute of every element goes through: most
    /// names fail on their length and first letter, before any string comparison. For each
    /// name length, the first letters of the names of that length, as bit sets: `height`
    /// (6, h) passes a filter on lengths and one on first letters apart, not this one.
    struct NameFilter {
        private var firstBytesByLength = [UInt64](repeating: 0, count: 64)

        init(_ names: [String]) {
            for name in names { firstBytesByLength[name.utf8.count] |= NameFilter.firstByteBit(name) }
        }

        @inline(__always) func mayContain(_ name: String) -> Bool {
            let n = name.utf8.count
            return n < 64 && firstBytesByLength[n] & NameFilter.firstByteBit(name) != 0
        }

        /// A bit for the first byte of a lower-case ASCII name (`a`...`z`), 0 otherwise.
        @inline(__always) private static func firstByteBit(_ s: String) -> UInt64 {
            // An index subscript, not `utf8.first`: the generic `first` was not inlined.
            guard !s.isEmpty else { return 0 }
            let f = s.utf8[s.utf8.startIndex]
            guard f >= 0x61, f <= 0x7A else { return 0 }
            return 1 << UInt64(f - 0x61)
        }
    }
}
