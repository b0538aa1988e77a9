import CorpusSupport
import Foundation
import Testing
import XibKit

extension Corpus {
    /// The reason a corpus-wide test is skipped on a plain clone.
    static var skipped: Comment { Comment(rawValue: unavailableMessage) }
}

extension Projects {
    static var skipped: Comment { Comment(rawValue: unavailableMessage) }
}

extension Corpus.Scenario: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// SplitMix64: a tiny, seeded, deterministic PRNG (same sequence on every platform).
struct XMLSplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n (n > 0); the modulo bias is irrelevant here.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Expects `body` to throw an `XMLParseError` reported as `file:line:column: error: message…`.
func expectParseError(at file: String, _ line: Int, _ column: Int, _ message: String,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    #expect(sourceLocation: sourceLocation) {
        try body()
    } throws: { error in
        guard let e = error as? XMLParseError else { return false }
        return e.description.hasPrefix("\(file):\(line):\(column): error: \(message)")
    }
}
