import Dispatch
import CorpusSupport
import Foundation
import Testing
import XibKit

/// Differential test against libxml2: mutated variants of real document-format files are
/// given to `xmllint --noout` and to `XMLReader`; both must accept and refuse the same ones.
///
/// Rules of the comparison:
/// * xmllint's exit status is the verdict. libxml2 reports namespace problems (an undefined
///   prefix, `Failed to parse QName 'a:'`) as "namespace error" but still exits 0: those
///   documents are well-formed XML 1.0, and the reader must accept them too.
/// * Variants containing `<!DOCTYPE` or `<!ENTITY` are not compared: the reader refuses
///   DTDs by design (nothing is ever expanded or fetched). The test asserts that it does.
/// * The reader supports UTF-8 only, by design. When a mutation turns `encoding="UTF-8"`
///   into another name that iconv knows (`UTF-7`, `UTF_8`, ...), libxml2 may decode the file
///   in that encoding and accept it, while the reader refuses it with `.unsupportedEncoding`.
///   Such variants are counted separately, not compared.
/// * Every variant the reader accepts must also be written back byte for byte, and its Xcode
///   form (`formatted`) must read back as itself (the laws of the fuzz target, `Scripts/fuzz`).
/// * libxml2's nesting limit (257 levels without `XML_PARSE_HUGE`) is mirrored by the reader
///   (`XMLLimits`) and exercised here. Its other size limits are resource limits, not
///   well-formedness: the reader has the 10,000,000 bytes of one text, comment or attribute
///   value too, not the 50,000 bytes of a name; no variant comes near them.
///
/// The defaults (2,280 variants: 120 of each of 19 mutation kinds over the 10 smallest files)
/// take a few seconds on 2 cores. `XML_DIFF_SEED`, `XML_DIFF_PER_KIND` and `XML_DIFF_FILES`
/// (environment) run other or more variants, e.g. for a long local soak.
@Suite struct XMLDifferentialTests {
    static let xmllint = "/usr/bin/xmllint"

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipped),
          .enabled(if: FileManager.default.isExecutableFile(atPath: XMLDifferentialTests.xmllint),
                   "xmllint (libxml2) is not installed at /usr/bin/xmllint; skipping"))
    func readerAgreesWithLibxml2OnMutatedCorpusFiles() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["XML_DIFF_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0F_C0FFEE
        let perKind = environment["XML_DIFF_PER_KIND"].flatMap { Int($0) } ?? 120
        let originals = try Self.smallDocumentFiles(count: environment["XML_DIFF_FILES"].flatMap { Int($0) } ?? 10)
        let variants = Self.variants(of: originals, perKind: perKind, seed: seed)
        let compared = Self.leavingOutDTDs(variants)

        // Run xmllint once per variant, a few processes at a time.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("xibmerge-xmldiff-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for index in compared {
            let url = directory.appendingPathComponent("v\(index).xml")
            try Data(variants[index].bytes).write(to: url)
            paths.append(url.path)
        }
        let lintStarted = clock.now
        let statuses = XMLDifferentialTests.runXmllint(paths, threads: 4)
        let lintTime = clock.now - lintStarted

        let readerStarted = clock.now
        var tally = Tally()
        for (k, index) in compared.enumerated() {
            tally.compare(variants[index], status: statuses[k], path: paths[k],
                          original: originals.first { $0.name == variants[index].file }!.bytes)
        }
        let readerTime = clock.now - readerStarted

        var perKindCounts: [String] = []
        for kind in XMLMutation.allCases {
            let ofKind = compared.filter { variants[$0].kind == kind }
            let accepted = zip(compared, statuses).filter { variants[$0.0].kind == kind && $0.1 == 0 }.count
            perKindCounts.append("\(kind.rawValue) \(accepted)/\(ofKind.count)")
        }
        print("""
            XMLDifferential: seed \(seed), \(variants.count) variants from \(originals.count) files; \
            compared \(compared.count): both accept \(tally.bothAccept), both refuse \(tally.bothReject), \
            disagree \(tally.disagreements.count); not compared: \(variants.count - compared.count) with a DTD, \
            \(tally.encodingNotes.count) re-encoded by the mutation. \
            xmllint \(lintTime), reader \(readerTime), total \(clock.now - started).
            accepted by libxml2 per kind: \(perKindCounts.joined(separator: ", "))
            """)
        for note in tally.encodingNotes { print("not compared (libxml2 re-encoded): \(note)") }
        for d in tally.disagreements.prefix(60) { print(d) }
        #expect(tally.disagreements.count == 0, "disagreements with libxml2 (listed above); first: \(tally.disagreements.first ?? "")")
        #expect(tally.roundTripFailures.count == 0, "accepted variants not written back byte for byte; first: \(tally.roundTripFailures.first ?? "")")
        #expect(tally.formatFailures.count == 0, "accepted variants whose Xcode form is not a fixed point of format; first: \(tally.formatFailures.first ?? "")")
        #expect(variants.count >= 1_000)
        #expect(tally.bothAccept > 50 && tally.bothReject > 50, "the variants should exercise both verdicts")
    }

    /// The smallest document-format files of the corpus (all well under 20 KB unless more than
    /// 10 are asked for), each of which the reader must accept as it is: the baseline.
    static func smallDocumentFiles(count: Int) throws -> [(name: String, bytes: [UInt8])] {
        let rows = try Corpus.documentFiles()
            .filter { $0.bytes < 20_000 || count > 10 }
            .sorted { ($0.bytes, $0.file) < ($1.bytes, $1.file) }
            .prefix(count)
        try #require(rows.count >= 10, "expected at least 10 small document-format corpus files")
        var originals: [(name: String, bytes: [UInt8])] = []
        for row in rows {
            let bytes = try Corpus.bytes(row.url)
            #expect((try? XMLReader.parse(bytes, name: row.file)) != nil, "reader refuses corpus file \(row.file)")
            originals.append((row.file, bytes))
        }
        return originals
    }

    /// `perKind` variants of each mutation kind, the originals taken in turn.
    static func variants(of originals: [(name: String, bytes: [UInt8])], perKind: Int, seed: UInt64) -> [XMLVariant] {
        var rng = XMLSplitMix64(seed: seed)
        var variants: [XMLVariant] = []
        for round in 0..<perKind {
            for kind in XMLMutation.allCases {
                let original = originals[(round + kind.hashValueStable) % originals.count]
                variants.append(kind.apply(to: original.bytes, file: original.name, rng: &rng))
            }
        }
        return variants
    }

    /// The indices of the variants to compare: those without a DTD. A variant with one is
    /// refused by design (checked here), never compared.
    static func leavingOutDTDs(_ variants: [XMLVariant]) -> [Int] {
        var compared: [Int] = []
        for (index, v) in variants.enumerated() {
            guard v.bytes.containsBytes(of: "<!DOCTYPE") || v.bytes.containsBytes(of: "<!ENTITY") else {
                compared.append(index)
                continue
            }
            do {
                _ = try XMLReader.parse(v.bytes, name: v.file)
                Issue.record("the reader accepted a document with a DTD: \(v.summary)")
            } catch {
                if v.kind == .insertDoctype, v.bytes.containsBytes(of: "<!DOCTYPE") {
                    #expect(error.kind == .dtd, "expected kind .dtd, got \(error.kind) (\(error.message)): \(v.summary)")
                }
            }
        }
        return compared
    }

    /// libxml2's verdicts beside the reader's, variant by variant.
    struct Tally {
        var disagreements: [String] = []
        var roundTripFailures: [String] = []
        var formatFailures: [String] = []
        /// Variants libxml2 read in the encoding the mutation named (iconv knows it), where
        /// the reader, UTF-8 only by design, refuses them: not compared.
        var encodingNotes: [String] = []
        var bothAccept = 0, bothReject = 0

        mutating func compare(_ v: XMLVariant, status: Int32, path: String, original: [UInt8]) {
            let ours: Result<XibKit.XMLDocument, XMLParseError>
            do { ours = .success(try XMLReader.parse(v.bytes, name: v.file)) } catch { ours = .failure(error) }
            switch (status == 0, ours) {
            case (true, .success(let doc)):
                bothAccept += 1
                if XMLWriter.write(doc) != v.bytes { roundTripFailures.append(v.summary) }
                // The Xcode form reads back, as itself.
                let formatted = XMLWriter.write(doc.formatted())
                if (try? XMLReader.parse(formatted, name: v.file)).map({ XMLWriter.write($0.formatted()) }) != formatted {
                    formatFailures.append(v.summary)
                }
            case (false, .failure(let error)):
                bothReject += 1
                if v.kind == .insertConflictMarkerLine, v.detail.contains("<<<<<<<"), error.kind != .conflictMarkers {
                    Issue.record("expected kind .conflictMarkers, got \(error.kind): \(error) for \(v.summary)")
                }
            case (true, .failure(let error)) where error.kind == .unsupportedEncoding
                && XMLDifferentialTests.encodingName(v.bytes) != XMLDifferentialTests.encodingName(original):
                encodingNotes.append("encoding \(XMLDifferentialTests.encodingName(v.bytes) ?? "?"): \(v.summary)")
            case (true, .failure(let error)):
                disagreements.append("""
                    libxml2 ACCEPTS, reader REFUSES: \(v.summary)
                        reader: \(error.kind.rawValue): \(error)
                    """)
            case (false, .success):
                disagreements.append("""
                    libxml2 REFUSES (exit \(status)), reader ACCEPTS: \(v.summary)
                        xmllint: \(XMLDifferentialTests.xmllintMessage(path))
                    """)
            }
        }
    }

    /// Small hand-written documents at the edges of the grammar, each compared with libxml2.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: XMLDifferentialTests.xmllint),
                   "xmllint (libxml2) is not installed at /usr/bin/xmllint; skipping"))
    func readerAgreesWithLibxml2OnEdgeCases() throws {
        let cases = XMLDifferentialTests.edgeCases
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("xibmerge-xmledge-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, bytes) in cases.enumerated() {
            let url = directory.appendingPathComponent("e\(index).xml")
            try Data(bytes).write(to: url)
            paths.append(url.path)
        }
        let statuses = XMLDifferentialTests.runXmllint(paths, threads: 4)
        var accepted = 0
        for (index, bytes) in cases.enumerated() {
            let shown = XMLVariant(kind: .flipAnyByte, file: "edge case \(index)", offset: 0, detail: "", bytes: bytes).excerpt
            let ours: Result<XibKit.XMLDocument, XMLParseError>
            do { ours = .success(try XMLReader.parse(bytes, name: "e\(index).xml")) } catch { ours = .failure(error) }
            let libxml2Accepts = statuses[index] == 0
            if libxml2Accepts { accepted += 1 }
            switch (libxml2Accepts, ours) {
            case (true, .success(let doc)):
                #expect(XMLWriter.write(doc) == bytes, "not written back byte for byte: \(shown)")
            case (false, .failure):
                break
            case (true, .failure(let error)):
                Issue.record("libxml2 accepts, the reader refuses: \(shown)\n    reader: \(error)")
            case (false, .success):
                Issue.record("libxml2 refuses, the reader accepts: \(shown)\n    xmllint: \(XMLDifferentialTests.xmllintMessage(paths[index]))")
            }
        }
        print("XMLDifferential edge cases: \(cases.count), libxml2 accepts \(accepted)")
    }

    static var edgeCases: [[UInt8]] {
        let texts: [String] = [
            // XML declaration
            "<?xml version=\"1.0\"?><a/>", "<?xml version='1.0'?><a/>", "<?xml version=\"1.\"?><a/>", "<?xml version=\"1.10\"?><a/>",
            "<?xml version=\"1.0.0\"?><a/>", "<?xml version=\"2.0\"?><a/>", "<?xml version=\"0.9\"?><a/>", "<?xml version=\" 1.0\"?><a/>",
            "<?xml version=\"1.0\" ?><a/>", "<?xml  version=\"1.0\"?><a/>", "<?xml\tversion=\"1.0\"?><a/>", "<?xml\nversion=\"1.0\"?><a/>",
            "<?xml\rversion=\"1.0\"?><a/>", "<?xml version=\"1.0\"encoding=\"UTF-8\"?><a/>",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"standalone=\"yes\"?><a/>", "<?xml version=\"1.0\" encoding=\"utf-8\"?><a/>",
            "<?xml version=\"1.0\" encoding=\"Utf8\"?><a/>", "<?xml version=\"1.0\" encoding=\"UTF-8 \"?><a/>",
            "<?xml version=\"1.0\" encoding=\"\"?><a/>", "<?xml version=\"1.0\" encoding=\"8\"?><a/>",
            "<?xml version=\"1.0\" standalone=\"yes\"?><a/>", "<?xml version=\"1.0\" standalone=\"YES\"?><a/>",
            "<?xml version=\"1.0\" standalone='no'?><a/>", "<?xml version=\"1.0\" standalone=\"no\" encoding=\"UTF-8\"?><a/>",
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"standalone=\"no\"?><a/>", "<?xml version=\"1.0\"?  ><a/>",
            "<?xml version=\"1.0\" ><a/>", "<?xml version=\"1.0\"?><?xml version=\"1.0\"?><a/>", "<?xml encoding=\"UTF-8\"?><a/>",
            "<?xml?><a/>", "<?xml ?><a/>", "<?XML version=\"1.0\"?><a/>", "<?xml version=\"1.0\" encoding='UTF-8\"?><a/>",
            "<?xml version=\"1.0\" encoding=\"UTF-8\" foo=\"bar\"?><a/>", "<?xml version=\"1.0\"\n?>\n<a/>",
            // processing instructions
            "<?xml-stylesheet href=\"a\"?><a/>", "<?xmlfoo?><a/>", "<?xml-foo?><a/>", "<?Xml-foo bar?><a/>", "<?xm?><a/>", "<?x?><a/>",
            "<?pi?><a/>", "<?pi x?><a/>", "<?pi\n?><a/>", "<?pi?x?><a/>", "<??><a/>", "<? pi?><a/>", "<?1pi?><a/>", "<?p:i?><a/>",
            "<a><?pi ?></a>", "<a><?xml ?></a>", "<a><?XmL x?></a>", "<a/><?pi x?>", "<a><?pi x?y?></a>", "<a><?pi", "<?pi x ?>\n<a/>",
            // byte order mark, white space before the root
            "\u{FEFF}<a/>", "\u{FEFF}\u{FEFF}<a/>", "\u{FEFF} <?xml version=\"1.0\"?><a/>", "\u{FEFF}<?xml version=\"1.0\"?><a/>",
            "\n\n<a/>", "\r\n<a/>", "\t<a/>", " <?xml version=\"1.0\"?><a/>", "<?xml version=\"1.0\"?> \n\t<a/> \n",
            // comments
            "<!----><a/>", "<!-- - --><a/>", "<!-- --><a/><!-- -->", "<!---><a/>", "<a><!-- ---></a>", "<a><!--></a>",
            "<a><!--x--!></a>", "<a><!- x --></a>", "<a><!--x-- ></a>", "<a><!-- x -\n-></a>", "<a><!-- <b> & ]]> --></a>", "<a><!--",
            // CDATA
            "<a><![CDATA[]]></a>", "<a><![CDATA[]]]]></a>", "<a><![CDATA[ ]]> ]]></a>", "<a><![cdata[x]]></a>", "<![CDATA[x]]><a/>",
            "<a/><![CDATA[x]]>", "<a><![CDATA[<&>]]></a>", "<a><![CDATA[x]></a>", "<a><![CDATA [x]]></a>",
            // character data and references
            "<a>]]></a>", "<a>]]]></a>", "<a>] ]></a>", "<a>]]&gt;</a>", "<a>></a>", "<a>&</a>", "<a>&amp</a>", "<a>&amp ;</a>",
            "<a>&#38;</a>", "<a>&#x26;</a>", "<a>&#x;</a>", "<a>&#-1;</a>", "<a>&#65</a>", "<a>&#0065;</a>", "<a>&#x000000041;</a>",
            "<a>&#99999999999999999999;</a>", "<a>&#x110000;</a>", "<a>&#xFFFF;</a>", "<a>&#xFFFD;</a>", "<a>&#x1F600;</a>",
            "<a>&#xD7FF;</a>", "<a>&#xE000;</a>", "<a>&#8;</a>", "<a>&#13;</a>", "<a>&nbsp;</a>", "<a>&a:b;</a>", "<a>&1;</a>",
            "<a>&é;</a>", "<a>&#xdFfF;</a>", "<a>&#x41 ;</a>", "<a>& amp;</a>", "<a>&AMP;</a>", "<a>&lt</a>",
            "<a>\u{85}\u{2028}\u{7F}\u{FFFD}\u{10FFFF}</a>", "<a>\r</a>", "<a>\r\n</a>",
            // names
            "<a.b/>", "<a-b/>", "<_a/>", "<-a/>", "<.a/>", "<1a/>", "<é/>", "<\u{B7}a/>", "<a\u{B7}/>", "<\u{300}a/>", "<a\u{300}/>",
            "<\u{2070}/>", "<\u{37E}/>", "<a\u{37E}/>", "<\u{FEFF}/>", "<\u{10000}/>", "<\u{F0000}/>", "<\u{EFFFF}/>", "<a\u{203F}/>",
            "<\u{203F}/>", "<a\u{D7}/>", "<a\u{F7}/>", "<\u{2FF}/>", "<\u{37F}/>", "<\u{200C}/>", "<\u{200E}/>",
            "<\u{3000}/>", "<\u{3001}/>", "<\u{FDCF}/>", "<\u{FDF0}/>", "<a b\u{B7}=\"1\"/>", "<a \u{B7}b=\"1\"/>",
            // namespace-ish names (namespace errors only, for libxml2)
            "<a:b/>", "<a b:c=\"1\"/>", "<a:/>", "<:a/>", "<a::b></a::b>", "<a:b:c></a:b:c>", "<a:b:></a:b:>", "<a:1b></a:1b>",
            "<a:b:1c/>", "<a:b:-c/>", "<a:b:c:-d/>", "<a x:y:1=\"1\"/>", "<a x:y:z=\"1\" x:y:z=\"2\"/>", "<p:a xmlns:p=\"u\"></p:a>",
            "<p:a xmlns:p=\"u\"></q:a>", "<p:a></p:a >", "<a xmlns=\"u\" xmlns=\"u\"/>", "<a xmlns:p=\"u\" xmlns:p=\"v\"/>",
            "<a xmlns:p=\"u\" p:b=\"1\" p:b=\"2\"/>", "<a xmlns:p=\"u\" xmlns:q=\"u\" p:b=\"1\" q:b=\"2\"/>", "<a p:b=\"1\" p:b=\"2\"/>",
            "<a xml:lang=\"en\"/>", "<a xml:space=\"bogus\"/>", "<a xmlns:xml=\"http://www.w3.org/XML/1998/namespace\"/>",
            "<a xmlns=\"\"/>", "<a xmlns:p=\"\"/>", "<a xmlns:xmlns=\"u\"/>", "<a xmlns=\"a b\"/>", "<a xmlns:a:b=\"u\"/>",
            "<xmlns:a/>", "<a xmlns:=\"u\"/>", "<a:b:c:d xmlns:a=\"u\"></a:b:c:d>",
            // tags and attributes
            "<a></a >", "<a></a\n>", "<a></ a>", "<a></a/>", "<a/ >", "<a / >", "<a />", "<a\n/>", "<a b=\"1\"/>", "<a b=\"1\" />",
            "<a b='1'/>", "<a b=\"1'/>", "<a b=1/>", "<a b/>", "<a b=/>", "<a b=\"\"/>", "<a b=\"<\"/>", "<a b=\">\"/>", "<a b=\"&\"/>",
            "<a b=\"\t\n\r\"/>", "<a b=\"1\"c=\"2\"/>", "<a b=\"1\"\tc=\"2\"/>", "<a b = \"1\"/>", "<a b=\"1\" b=\"1\"/>",
            "<a b=\"1\" B=\"1\"/>", "<a b=\"'\" c='\"'/>", "<a b=\"&#60;&lt;\"/>", "<a b=\"]]>\"/>", "<a></b>", "<a><b></a></b>",
            "<a>", "</a>", "<a/></a>", "", " ", "\n", "<a/>\n", "<a/><!--c-->", "<a/><?pi?>", "<a/>x", "<a/>&amp;", "<a/> <b/>",
            "<a><b/><b/></a>", "<a>t<b/>t</a>", "<a\r\nb=\"1\"/>", "<a\u{85}b=\"1\"/>", "<a\u{A0}b=\"1\"/>",
            "<a>>>>>>>> theirs</a>", "<a>\n>>>>>>> theirs\n</a>", "<a>\n|||||||\n</a>", "<a>\n=======\n</a>", "<a>\n<<<<<<< HEAD\n</a>",
        ]
        var cases = texts.map { Array($0.utf8) }
        // Byte-level cases: malformed UTF-8, controls, non-characters, in content, attribute
        // values, comments and after the root; and as element names.
        let bad: [[UInt8]] = [[0xED, 0xA0, 0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
                              [0x80], [0xBF], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
                              [0xFE], [0xFF], [0x00], [0x01], [0x0B], [0x0C], [0x1F], [0x7F], [0xC2, 0x80], [0xC2, 0x9F], [0xEE, 0x80, 0x80],
                              [0xF0, 0x90, 0x80, 0x80], [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBE],
                              [0xF0, 0x9F, 0xBF, 0xBE], [0xEF, 0xB7, 0x90], [0xEF, 0xB7, 0xAF]]
        for b in bad {
            cases.append(Array("<a>".utf8) + b + Array("</a>".utf8))
            cases.append(Array("<a b=\"".utf8) + b + Array("\"/>".utf8))
            cases.append(Array("<a><!--".utf8) + b + Array("--></a>".utf8))
            cases.append(Array("<a/>\n<!--".utf8) + b + Array("-->".utf8))
            cases.append(Array("<".utf8) + b + Array("/>".utf8))
        }
        cases.append([0xEF, 0xBB])
        cases.append([0xEF, 0xBB, 0xBF])
        cases.append([0xEF, 0xBB, 0x3C, 0x61, 0x2F, 0x3E])
        return cases
    }

    /// Exit statuses of `xmllint --noout --nonet <path>`, in order.
    static func runXmllint(_ paths: [String], threads: Int) -> [Int32] {
        // Each index is written by exactly one thread.
        nonisolated(unsafe) let statuses = UnsafeMutableBufferPointer<Int32>.allocate(capacity: paths.count)
        statuses.initialize(repeating: -1)
        defer { statuses.deallocate() }
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            var i = t
            while i < paths.count {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: xmllint)
                process.arguments = ["--noout", "--nonet", paths[i]]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                do {
                    try process.run()
                    process.waitUntilExit()
                    statuses[i] = process.terminationStatus
                } catch {
                    statuses[i] = -2
                }
                i += threads
            }
        }
        return Array(statuses)
    }

    /// xmllint's first messages for one file, for reports.
    static func xmllintMessage(_ path: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--nonet", path]
        let pipe = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = pipe
        guard (try? process.run()) != nil else { return "(could not run xmllint)" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // The first fatal error with its source line, else the first message.
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.firstIndex { $0.contains(": parser error :") } ?? 0
        return lines[first...].prefix(2).joined(separator: " | ")
    }

    /// The value of `encoding="..."` in a leading XML declaration, if any.
    static func encodingName(_ bytes: [UInt8]) -> String? {
        let head = Array(bytes.prefix(200))
        guard let end = head.firstIndex(of: 0x3E), let key = head[..<end].firstRange(of: Array("encoding".utf8)) else { return nil }
        var j = key.upperBound
        while j < end, head[j] == 0x20 || head[j] == 0x3D { j += 1 }
        guard j < end, head[j] == 0x22 || head[j] == 0x27 else { return nil }
        let quote = head[j]
        guard let close = head[(j + 1)..<end].firstIndex(of: quote) else { return nil }
        return String(decoding: head[(j + 1)..<close], as: UTF8.self).lowercased()
    }
}

// MARK: - Variants

struct XMLVariant {
    var kind: XMLMutation
    var file: String
    /// Where the mutation is, in the mutated bytes.
    var offset: Int
    var detail: String
    var bytes: [UInt8]

    var summary: String {
        "[\(kind.rawValue)] \(detail) at offset \(offset) of \(file): …\(excerpt)…"
    }

    /// The mutated bytes around the mutation, with anything unprintable escaped.
    var excerpt: String {
        let lo = max(0, offset - 30), hi = min(bytes.count, offset + 30)
        var s = ""
        for b in bytes[lo..<hi] {
            switch b {
            case 0x0A: s += "\\n"
            case 0x0D: s += "\\r"
            case 0x09: s += "\\t"
            case 0x5C: s += "\\\\"
            case 0x20..<0x7F: s.unicodeScalars.append(Unicode.Scalar(b))
            default: s += "\\x" + String(b, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return s
    }
}

enum XMLMutation: String, CaseIterable {
    case truncate
    case flipAnyByte
    case flipControlOrHighByte
    case flipStructuralByte
    case flipInDeclaration
    case flipInName
    case swapEndTagNames
    case renameStartTag
    case deleteQuote
    case deleteAngle
    case duplicateAngle
    case duplicateAttribute
    case insertUndefinedEntity
    case insertCharacterReference
    case insertAfterRoot
    case insertBeforeDeclaration
    case insertDoctype
    case nestDeeply
    case insertConflictMarkerLine

    /// A position in `allCases` (stable, unlike `hashValue`), to spread kinds over files.
    var hashValueStable: Int { XMLMutation.allCases.firstIndex(of: self)! * 3 }

    static let structural = Array("<>&\"'/=;!?-:[]#x ".utf8)

    func apply(to original: [UInt8], file: String, rng: inout XMLSplitMix64) -> XMLVariant {
        var b = original
        let n = b.count
        func make(_ offset: Int, _ detail: String) -> XMLVariant {
            XMLVariant(kind: self, file: file, offset: offset, detail: detail, bytes: b)
        }
        func replace(at i: Int, with bytes: [UInt8]) -> String {
            let old = b[i]
            b.replaceSubrange(i..<(i + 1), with: bytes)
            return "byte 0x\(String(old, radix: 16, uppercase: true).leftPadded(2)) replaced by \(bytes.map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(2) }.joined(separator: " "))"
        }
        func randomReplacement(at i: Int, from choices: () -> [UInt8]) -> String {
            var r = choices()
            while r == [b[i]] { r = choices() }
            return replace(at: i, with: r)
        }

        switch self {
        case .truncate:
            // Half anywhere, half near the end (where a cut can leave a complete document).
            let at = rng.chance(50) ? rng.below(n) : max(0, n - 1 - rng.below(min(n, 48)))
            b.removeSubrange(at...)
            return make(at, "truncated to \(at) of \(n) bytes")

        case .flipAnyByte:
            let i = rng.below(n)
            return make(i, randomReplacement(at: i) { [UInt8(truncatingIfNeeded: rng.next())] })

        case .flipControlOrHighByte:
            let i = rng.below(n)
            return make(i, randomReplacement(at: i) {
                rng.chance(40) ? [rng.pick(Array(0x00...0x1F) + [0x7F])] : [UInt8(0x80 + rng.below(0x80))]
            })

        case .flipStructuralByte:
            let i = rng.below(n)
            return make(i, randomReplacement(at: i) { [rng.pick(XMLMutation.structural)] })

        case .flipInDeclaration:
            guard let close = b.firstRange(of: Array("?>".utf8)), close.lowerBound < 100 else {
                return XMLMutation.flipStructuralByte.apply(to: original, file: file, rng: &rng)
            }
            let i = rng.below(close.upperBound)
            if rng.chance(30) {
                let old = b.remove(at: i)
                return make(i, "byte 0x\(String(old, radix: 16, uppercase: true).leftPadded(2)) deleted from the declaration")
            }
            let pool = Array("<>&\"'/=?-:_. \t0123456789aefilmnoprstuvxyzAEFLMSTUX".utf8) + [0xC3, 0x00, 0x0C]
            return make(i, randomReplacement(at: i) { [rng.pick(pool)] })

        case .flipInName:
            // Name characters and near-misses, at or inside an element or attribute name.
            let names = XMLScan.startTagNames(b) + XMLScan.attributeNames(b)
            guard !names.isEmpty else { return XMLMutation.flipStructuralByte.apply(to: original, file: file, rng: &rng) }
            let range = rng.pick(names)
            let i = range.lowerBound + rng.below(range.count + 1)
            let pool: [[UInt8]] = [":", "::", "-", ".", "0", "_", "\u{B7}", "é", "\u{301}", "\u{203F}", "\u{37E}", "\u{2070}", "\u{D7}",
                                   ":x:-", ":x:1", ":x:.", ":x:\u{B7}", ":x:\u{300}", ":\u{300}", "x:y", "::"]
                .map { Array($0.utf8) }
            let insert = rng.pick(pool)
            if rng.chance(50) || i == range.upperBound {
                b.insert(contentsOf: insert, at: i)
                return make(i, "inserted \(String(decoding: insert, as: UTF8.self)) into a name")
            }
            return make(i, replace(at: i, with: insert) + " in a name")

        case .swapEndTagNames:
            let ends = XMLScan.endTagNames(b)
            for _ in 0..<20 where ends.count >= 2 {
                var x = rng.pick(ends), y = rng.pick(ends)
                if x.lowerBound > y.lowerBound { swap(&x, &y) }
                let nx = Array(b[x]), ny = Array(b[y])
                guard nx != ny else { continue }
                b.replaceSubrange(y, with: nx)
                b.replaceSubrange(x, with: ny)
                return make(x.lowerBound, "end tags </\(String(decoding: nx, as: UTF8.self))> and </\(String(decoding: ny, as: UTF8.self))> swapped")
            }
            return XMLMutation.renameStartTag.apply(to: original, file: file, rng: &rng)

        case .renameStartTag:
            let starts = XMLScan.startTagNames(b)
            let r = rng.pick(starts)
            let old = Array(b[r])
            let others = Set(starts.map { Array(b[$0]) }).subtracting([old]).sorted { $0.lexicographicallyPrecedes($1) }
            var new: [UInt8]
            switch rng.below(4) {
            case 0 where !others.isEmpty: new = rng.pick(others)
            case 1: new = old + Array("x".utf8)
            case 2 where old.count > 1: new = Array(old.dropLast())
            default: new = Array("ns:".utf8) + old
            }
            b.replaceSubrange(r, with: new)
            return make(r.lowerBound, "start tag <\(String(decoding: old, as: UTF8.self))> renamed <\(String(decoding: new, as: UTF8.self))>")

        case .deleteQuote:
            let quotes = b.indices.filter { b[$0] == 0x22 || b[$0] == 0x27 }
            let i = rng.pick(quotes)
            b.remove(at: i)
            return make(i, "quote deleted")

        case .deleteAngle, .duplicateAngle:
            let angles = b.indices.filter { b[$0] == 0x3C || b[$0] == 0x3E }
            let i = rng.pick(angles)
            let c = Character(Unicode.Scalar(b[i]))
            if self == .deleteAngle {
                b.remove(at: i)
                return make(i, "'\(c)' deleted")
            }
            b.insert(b[i], at: i)
            return make(i, "'\(c)' duplicated")

        case .duplicateAttribute:
            let attributes = XMLScan.attributes(b)
            guard !attributes.isEmpty else { return XMLMutation.insertUndefinedEntity.apply(to: original, file: file, rng: &rng) }
            let a = rng.pick(attributes)
            var copy = Array(b[a.name]) + Array("=\"".utf8)
            switch rng.below(3) {
            case 0: copy = Array(b[a.whole])
            case 1: copy += Array("other\"".utf8)
            default: copy = Array(b[a.name]) + Array("='\(rng.below(10))'".utf8)
            }
            b.insert(contentsOf: [0x20] + copy, at: a.whole.upperBound)
            return make(a.whole.upperBound, "attribute \(String(decoding: b[a.name], as: UTF8.self)) duplicated")

        case .insertUndefinedEntity:
            let i = rng.below(n + 1)
            let text = rng.chance(75) ? "&foo;" : rng.pick(["&foo", "&;", "& ", "&amp;", "&Amp;", "&apos;", "&x:y;"])
            b.insert(contentsOf: Array(text.utf8), at: i)
            return make(i, "inserted \(text)")

        case .insertCharacterReference:
            let i = rng.below(n + 1)
            let text = rng.chance(60) ? "&#0;" : rng.pick(["&#x0;", "&#65;", "&#x41;", "&#X41;", "&#xFFFE;", "&#xD800;", "&#x10FFFF;", "&#x110000;", "&#9;", "&#;", "&#x;", "&#1a;"])
            b.insert(contentsOf: Array(text.utf8), at: i)
            return make(i, "inserted \(text)")

        case .insertAfterRoot:
            guard let last = b.lastIndex(of: 0x3E) else { return make(0, "unchanged") }
            let i = rng.chance(50) ? last + 1 : n
            let text = rng.pick(["x", "text\n", "<b/>", "<!-- c -->", "<?pi data?>", " \n\t", "</document>", "&amp;",
                                 "<!---->", "<?xml version=\"1.0\"?>", "\u{FEFF}", "<![CDATA[x]]>", "<!-- a -- b -->", "<?pi?>\n", "<"])
            b.insert(contentsOf: Array(text.utf8), at: i)
            return make(i, "inserted \(text.debugDescription) after the root element")

        case .insertBeforeDeclaration:
            let junk: [[UInt8]] = [
                Array("f".utf8), Array(" ".utf8), Array("\n".utf8), Array("\r\n".utf8), [0xEF, 0xBB, 0xBF],
                [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x20], Array("<!-- c -->".utf8),
                Array("<?pi?>".utf8), Array("x\n".utf8), [0xFF], [0xFF, 0xFE], Array("<a/>".utf8), [0x0C], Array("\t".utf8),
            ]
            let text = rng.pick(junk)
            b.insert(contentsOf: text, at: 0)
            return make(0, "inserted \(text.map { String($0, radix: 16) }) before the declaration")

        case .insertDoctype:
            let afterDeclaration = b.firstRange(of: Array("?>".utf8)).map { $0.upperBound } ?? 0
            let (text, at): (String, Int) = switch rng.below(3) {
            case 0: ("\n<!DOCTYPE document>", afterDeclaration)
            case 1: ("\n<!DOCTYPE x [<!ENTITY foo \"bar\">]>", afterDeclaration)
            default:
                // In content, before a start tag (inside a comment it would be plain comment text).
                ("<!ENTITY e \"v\">", rng.pick(XMLScan.startTagNames(b)).lowerBound - 1)
            }
            b.insert(contentsOf: Array(text.utf8), at: at)
            return make(at, "inserted \(text.debugDescription)")

        case .insertConflictMarkerLine:
            // A marker line at a random line start. `<<<<<<<` never leaves XML well-formed;
            // a lone `>>>>>>>` or `|||||||` line can be plain character data.
            let lineStarts = [0] + b.indices.filter { b[$0] == 0x0A }.map { $0 + 1 }
            let at = rng.pick(lineStarts)
            let marker = rng.pick(["<<<<<<< HEAD\n", ">>>>>>> theirs\n", "|||||||\n", "=======\n", ">>>>>>>\n", ">>>>>>>> x\n"])
            b.insert(contentsOf: Array(marker.utf8), at: at)
            return make(at, "inserted the line \(marker.debugDescription)")

        case .nestDeeply:
            // libxml2 refuses elements nested more than 257 deep (without XML_PARSE_HUGE).
            let k = 235 + rng.below(30)
            let at = rng.pick(XMLScan.startTagNames(b)).lowerBound - 1
            let depth = XMLScan.depth(b, at: at)
            let open = rng.chance(50) ? "<n>" : "<n a=\"1\">"
            let inner = rng.pick(["", "<e/>", "text", "<!--c-->"])
            b.insert(contentsOf: Array((String(repeating: open, count: k) + inner + String(repeating: "</n>", count: k)).utf8), at: at)
            return make(at, "\(k) nested elements inserted at depth \(depth) (\(inner.isEmpty ? "empty" : inner) innermost)")
        }
    }
}

/// Crude scans of machine-written XML, good enough to aim mutations.
enum XMLScan {
    static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x3A || c == 0x2D || c == 0x2E
    }

    static func isNameStartByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x3A
    }

    /// Ranges of element names in start tags.
    static func startTagNames(_ b: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for i in b.indices where b[i] == 0x3C && i + 1 < b.count && isNameStartByte(b[i + 1]) {
            var j = i + 1
            while j < b.count && isNameByte(b[j]) { j += 1 }
            result.append((i + 1)..<j)
        }
        return result
    }

    /// Ranges of element names in end tags.
    static func endTagNames(_ b: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for i in b.indices where b[i] == 0x3C && i + 2 < b.count && b[i + 1] == 0x2F {
            var j = i + 2
            while j < b.count && isNameByte(b[j]) { j += 1 }
            if j > i + 2 { result.append((i + 2)..<j) }
        }
        return result
    }

    /// ` name="value"` occurrences: the name, and name through the closing quote.
    static func attributes(_ b: [UInt8]) -> [(name: Range<Int>, whole: Range<Int>)] {
        var result: [(name: Range<Int>, whole: Range<Int>)] = []
        var i = 1
        while i + 1 < b.count {
            if b[i] == 0x3D && b[i + 1] == 0x22 {
                var s = i
                while s > 0 && isNameByte(b[s - 1]) { s -= 1 }
                if s < i && s > 0 && b[s - 1] == 0x20, let close = b[(i + 2)...].firstIndex(of: 0x22) {
                    result.append((s..<i, s..<(close + 1)))
                    i = close + 1
                    continue
                }
            }
            i += 1
        }
        return result
    }

    static func attributeNames(_ b: [UInt8]) -> [Range<Int>] { attributes(b).map(\.name) }

    /// Open elements at `offset` (start tags minus end tags, self-closing ones not counted).
    static func depth(_ b: [UInt8], at offset: Int) -> Int {
        var depth = 0
        for i in 0..<min(offset, b.count) where b[i] == 0x3C && i + 1 < b.count {
            if b[i + 1] == 0x2F { depth -= 1 } else if isNameStartByte(b[i + 1]) { depth += 1 }
        }
        for i in 1..<min(offset, b.count) where b[i] == 0x3E && b[i - 1] == 0x2F { depth -= 1 }
        return depth
    }
}

extension Array where Element == UInt8 {
    func containsBytes(of s: String) -> Bool { firstRange(of: Array(s.utf8)) != nil }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
