/// The order Xcode sorts String Catalog keys (and each object's keys) in, and ibtool a
/// generated `.strings` file's entries: Finder's order (`localizedStandardCompare`) — runs of
/// digits compare as numbers (`9os…` before `19.title`), letters without case (`fSa…` between
/// `5eL…` and `JlJ…`), punctuation and symbols before digits, digits before letters, and on a
/// tie lowercase first. Measured on the shared projects: it reproduces the key order of 77 of
/// their 78 catalogs (the other is in no order) and of every ibtool-sorted `.strings` file.
public enum StandardOrder {
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

    public static func compare(_ a: String, _ b: String) -> Int {
        let x = tokens(a), y = tokens(b)
        for (p, q) in zip(x, y) {
            let c = compare(p, q)
            if c != 0 { return c }
        }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        // Equal but for case: lowercase first, as ICU's tertiary strength orders them.
        let (s, t) = (swappedCase(a), swappedCase(b))
        return s == t ? (a == b ? 0 : (a < b ? -1 : 1)) : (s < t ? -1 : 1)
    }

    enum Token: Equatable {
        /// A run of ASCII digits, without leading zeros ("" for zero).
        case number(String)
        case character(Unicode.Scalar)
    }

    static func tokens(_ s: String) -> [Token] {
        var out: [Token] = []
        var digits = ""
        func flush(_ hadDigits: Bool) {
            if hadDigits { out.append(.number(String(digits.drop { $0 == "0" }))) }
            digits = ""
        }
        var inDigits = false
        for u in s.unicodeScalars {
            if ("0"..."9").contains(u) {
                digits.unicodeScalars.append(u)
                inDigits = true
                continue
            }
            flush(inDigits)
            inDigits = false
            // An ellipsis sorts as the three dots it stands for.
            if u == "\u{2026}" { out += Array(repeating: .character("."), count: 3) } else { out.append(.character(u)) }
        }
        flush(inDigits)
        return out
    }

    static func compare(_ p: Token, _ q: Token) -> Int {
        switch (p, q) {
        case (.number(let m), .number(let n)):
            if m.count != n.count { return m.count < n.count ? -1 : 1 }
            return m == n ? 0 : (m < n ? -1 : 1)
        default:
            let (w, v) = (weight(p), weight(q))
            return w == v ? 0 : (w < v ? -1 : 1)
        }
    }

    /// ICU's root collation order of ASCII punctuation and symbols.
    static let punctuation = Array("_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)

    /// (class, rank): spaces, punctuation, other symbols, digits, letters.
    static func weight(_ t: Token) -> (Int, UInt32) {
        guard case .character(let u) = t else { return (3, 0) }
        if u == " " { return (0, 0) }
        if let i = punctuation.firstIndex(of: u) { return (1, UInt32(i)) }
        if u.isASCII {
            if ("a"..."z").contains(u) { return (4, u.value) }
            if ("A"..."Z").contains(u) { return (4, u.value + 32) }
            return (2, u.value)
        }
        guard u.properties.isAlphabetic else { return (2, u.value) }
        return (4, u.properties.lowercaseMapping.unicodeScalars.first!.value)
    }

    static func swappedCase(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { u -> Unicode.Scalar in
            if ("a"..."z").contains(u) { return Unicode.Scalar(u.value - 32)! }
            if ("A"..."Z").contains(u) { return Unicode.Scalar(u.value + 32)! }
            return u
        }))
    }
}
