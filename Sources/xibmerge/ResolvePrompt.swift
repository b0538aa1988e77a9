import XibKit
import XibReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `resolve --interactive` in a terminal: each conflict shown as the diff would put it (the
/// object's path; what base, ours and theirs hold; for a deletion against an edit, the edit),
/// then one line read for the answer. Colour only on a terminal, and never with `NO_COLOR`.
struct ResolvePrompt {
    enum Answer: Equatable {
        case choose(ConflictChoice)
        case skip, quit
    }

    let color: Bool

    init() {
        let noColor = getenv("NO_COLOR").map { String(cString: $0) }.map { !$0.isEmpty } ?? false
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        color = isatty(1) == 1 && !noColor && term != "dumb"
    }

    /// Refuses, with a message, when the answers cannot come from a person.
    static func requireTerminal() throws {
        guard isatty(0) == 1 else {
            throw GitCLI.UsageError("resolve --interactive reads answers from a terminal, and standard input is not one; "
                                    + "use `xibmerge resolve --take ours|theirs [--only PATTERN]` to resolve without asking")
        }
    }

    private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    /// Shows one conflict and reads the answer (end of input: quit).
    func ask(_ e: MergeEvent, number: Int, of total: Int, file: String) -> Answer {
        guard let c = e.conflict else { return .skip }
        Console.out("\n" + describe(e, c, number: number, of: total, file: file))
        let options = self.options(c)
        let menu = options.map { "\(paint("[\($0.key)]", "1")) \($0.label)" } + ["\(paint("[s]", "1")) skip", "\(paint("[q]", "1")) quit", "\(paint("[?]", "1")) help"]
        while true {
            Console.out(menu.joined(separator: "  ") + "\n" + paint("choice>", "1") + " ")
            guard let line = readLine() else { Console.out("\n"); return .quit }
            let word = line.split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() } ?? ""
            if let option = options.first(where: { $0.key == word }) { return .choose(option.choice) }
            switch word {
            case "s", "skip": return .skip
            case "q", "quit": return .quit
            case "?", "h", "help": Console.out(help(c))
            default: Console.out("Type one of the letters in brackets (? explains them).\n")
            }
        }
    }

    private func describe(_ e: MergeEvent, _ c: MergeConflict, number: Int, of total: Int, file: String) -> String {
        var out = paint("\(file): conflict \(number) of \(total) (\(c.conflictClass.rawValue))", "1") + "\n"
        out += "  " + paint(e.path, "1") + (e.objectID.map { " (\($0))" } ?? "") + "\n"
        if let name = c.name { out += "  \(name)\n" }
        let gone = c.deletedBy == nil ? "(not set)" : "(deleted)"
        let rows: [(String, DiffValue?, String)] = [("base", c.base, "2"), ("ours", c.ours, "32"), ("theirs", c.theirs, "34")]
        for (label, value, code) in rows {
            let shown = value.map(ConflictWording.show) ?? (label == "base" && c.conflictClass == .addAdd ? "(not set)" : gone)
            out += "    " + paint(label.padding(7), code) + " " + shown + "\n"
        }
        out += "  " + ConflictWording.sentence(c, objectID: e.objectID) + "\n"
        let edit = ConflictWording.editLines(c)
        if let keeper = c.keptBy, !edit.isEmpty {
            out += "  \(keeper.rawValue)' edit:\n" + edit.map { "    \($0)\n" }.joined()
        }
        return out
    }

    /// The choices the conflict offers, each with its key and what it means here.
    private func options(_ c: MergeConflict) -> [(key: String, choice: ConflictChoice, label: String)] {
        func value(_ v: DiffValue?) -> String {
            guard let v else { return "(not set)" }
            let s = ConflictWording.show(v)
            return s.count > 40 ? String(s.prefix(39)) + "…" : s
        }
        var out: [(String, ConflictChoice, String)] = []
        for choice in c.choices {
            switch choice {
            case .ours, .theirs:
                let side: MergeSide = choice == .ours ? .ours : .theirs
                let what: String
                switch c.conflictClass {
                case .deleteEdit, .deleteReference: what = side == c.deletedBy ? "delete it" : "keep it"
                case .moveMove: what = "in " + value(side == .ours ? c.ours : c.theirs)
                default: what = value(side == .ours ? c.ours : c.theirs)
                }
                out.append((choice == .ours ? "o" : "t", choice, "\(side.rawValue): \(what)"))
            case .base: out.append(("b", .base, "base: \(value(c.base))"))
            case .oursThenTheirs: out.append(("1", choice, "both, ours first"))
            case .theirsThenOurs: out.append(("2", choice, "both, theirs first"))
            }
        }
        return out
    }

    private func help(_ c: MergeConflict) -> String {
        var out = "  o, t: take ours' or theirs' side of this conflict (only this one)\n"
        if c.choices.contains(.base) { out += "  b: keep what base had, as if neither side had changed it\n" }
        if c.choices.contains(.oursThenTheirs) { out += "  1, 2: keep both sides' items, ours' first (1) or theirs' first (2)\n" }
        out += "  s: skip: it stays marked in the file\n"
        out += "  q: quit: the answers given are kept (the next run starts from them), the rest stays marked\n"
        return out
    }
}

private extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
