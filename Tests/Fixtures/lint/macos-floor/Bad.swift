// Sources/XibKit/Diff/DiffValues.swift before issue 36: `String(validating:as:)` is macOS 15.
enum Base64 {
    static func decodeUTF8(_ s: String) -> String? {
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(c)] = UInt8(i) }
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for c in s.utf8 {
            if c == UInt8(ascii: "=") { break }
            let v = table[Int(c)]
            guard v != 255 else { return nil }
            buffer = (buffer << 6) | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}

// Guarded, but for an older macOS than the API needs.
func older(_ bytes: [UInt8]) -> String? {
    if #available(macOS 14, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return nil
}

import Synchronization
let counter = Mutex(0)

// The other branch of a guard is not guarded.
func fallback(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, *) {
        return nil
    } else {
        return String(validating: bytes, as: UTF8.self)
    }
}
