/// Reading one large file on two threads: the reading thread reads up to a split point about
/// two thirds through while another reads from there on (`readSecondPart`), and the reader joins
/// the two parts when it gets there, after checking the second thread's guesses (that content
/// starts at the split point, and at which depth) and the end tags it could not match. When a
/// guess fails, or the second part failed or was never started, the reader reads on alone:
/// the tree, and every error, are those of a reading in one pass.
public final class SplitReading: Sendable {
    public let source: XMLSource
    let point: XMLReader.SplitPoint
    private let secondPart: SharedWork<XMLReader.SecondPart?>

    /// Whether the reader used the second part (for the tests).
    private let joined = AtomicWord()

    /// Nil for a small file, or one with no line to split at.
    public convenience init?(_ source: XMLSource) {
        guard let point = XMLReader.SplitPoint(source.bytes) else { return nil }
        self.init(source, at: point)
    }

    init(_ source: XMLSource, at point: XMLReader.SplitPoint) {
        self.source = source
        self.point = point
        secondPart = SharedWork { XMLReader.readSecondPart(of: source, from: point) }
    }

    var wasJoined: Bool { joined.load() != 0 }

    func noteJoined() { joined.store(1) }

    /// For the other thread: reads the second part, unless the reader has got there first.
    public func readSecondPart() {
        secondPart.offer()
    }

    /// For the reader at the split point: the second part if the other thread started it
    /// (waited for), else nil, and it will not be started.
    func takeSecondPart() -> XMLReader.SecondPart? {
        secondPart.resultIfStarted() ?? nil
    }
}
