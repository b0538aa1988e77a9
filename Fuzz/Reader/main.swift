import XibKit

/// libFuzzer target for the reader (`Scripts/fuzz reader`): every input must be read or
/// refused with an error, never crash or hang; an accepted input must be written back byte
/// for byte (`write(parse(x)) == x`), its Xcode form must read back and be a fixed point of
/// `format`, and the well-formedness re-check of a merge's result must agree with the reader.
///
/// The limits are lowered (depth 40, 64 attributes, 4,096-byte values, 20,000 elements) so
/// that inputs of a few kilobytes reach every refusal as well as every acceptance.
let limits = XMLLimits(maximumFileSize: 1 << 20, maximumDepth: 40, maximumAttributes: 64,
                       maximumValueLength: 4_096, maximumElements: 20_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document: XMLDocument
    do {
        document = try XMLReader.parse(XMLSource(name: "fuzz.xib", bytes: bytes), limits: limits)
    } catch {
        // A refusal names a place in the file.
        precondition(error.location.offset >= 0 && error.location.offset <= size, "error offset out of the file: \(error)")
        precondition((try? XMLReader.checkWellFormed(bytes, name: "fuzz.xib", skipping: [], limits: limits)) == nil,
                     "checkWellFormed accepts what parse refuses: \(error)")
        return 0
    }
    precondition(XMLWriter.write(document) == bytes, "write(parse(x)) != x")
    precondition((try? XMLReader.checkWellFormed(bytes, name: "fuzz.xib", skipping: [], limits: limits)) != nil,
                 "checkWellFormed refuses what parse accepts")
    let formatted = XMLWriter.write(document.formatted())
    let again: XMLDocument
    do {
        again = try XMLReader.parse(XMLSource(name: "formatted.xib", bytes: formatted), limits: limits)
    } catch {
        preconditionFailure("the Xcode form of an accepted file does not read back: \(error)")
    }
    precondition(XMLWriter.write(again.formatted()) == formatted, "format is not idempotent")
    return 0
}
