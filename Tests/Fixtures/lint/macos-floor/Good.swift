// What replaced it, and the guarded forms.
func decode(_ out: [UInt8]) -> String? {
    let text = String(decoding: out, as: UTF8.self)
    return text.utf8.elementsEqual(out) ? text : nil
}

func guarded(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, *) {
        return String(validating: bytes, as: UTF8.self)
    } else {
        return decode(bytes)
    }
}

@available(macOS 15.0, *)
struct Newer {
    func text(_ bytes: [UInt8]) -> String? {
        String(validating: bytes, as: UTF8.self)
    }
}

func late(_ bytes: [UInt8]) -> String? {
    guard #available(macOS 15, *) else { return nil }
    return String(validating: bytes, as: UTF8.self)
}

// String(validating: bytes, as: UTF8.self) in a comment, and in a message:
let note = "String(validating:as:) is macOS 15"
