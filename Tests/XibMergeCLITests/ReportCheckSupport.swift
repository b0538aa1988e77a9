import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON value that keeps booleans, integers and numbers apart (JSONSerialization does not on
/// Linux), for checking reports against their schema.
indirect enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), int(Int), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null } else if let b = try? c.decode(Bool.self) { self = .bool(b) } else if let i = try? c.decode(Int.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) { self = .number(d) } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) { self = .array(a) } else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    static func parse(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    subscript(key: String) -> JSONValue? { if case .object(let o) = self { return o[key] } else { return nil } }
    var array: [JSONValue] { if case .array(let a) = self { return a } else { return [] } }
    var string: String? { if case .string(let s) = self { return s } else { return nil } }
}

/// Markdown blocks a cut could leave open: `<details>` without `</details>`, a code fence
/// without its end.
enum MarkdownBlocks {
    static func unclosed(_ text: String) -> [String] {
        var problems: [String] = []
        let opened = text.components(separatedBy: "<details>").count, closed = text.components(separatedBy: "</details>").count
        if opened != closed { problems.append("\(opened - 1) <details>, \(closed - 1) </details>") }
        let fences = text.split(separator: "\n").filter { $0.hasPrefix("```") }.count
        if fences % 2 != 0 { problems.append("\(fences) code fences") }
        return problems
    }
}

/// Validates JSON against the subset of JSON Schema (2020-12) the report schemas use: `type`,
/// `enum`, `required`, `properties`, `additionalProperties: false`, `items`, `$ref` to `$defs`.
/// Any other keyword is reported, so a schema cannot rely on something this does not check.
struct SchemaValidator {
    let root: JSONValue
    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    static let keywords: Set<String> = ["type", "enum", "required", "properties", "additionalProperties", "items", "$ref"]

    func validate(_ value: JSONValue) -> [String] { check(value, root, at: "$") }

    private func check(_ value: JSONValue, _ schema: JSONValue, at path: String) -> [String] {
        guard case .object(let s) = schema else { return ["\(path): schema is not an object"] }
        var errors: [String] = []
        for key in s.keys where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
            errors.append("\(path): unsupported schema keyword \(key)")
        }
        if let ref = s["$ref"]?.string {
            let name = String(ref.dropFirst("#/$defs/".count))
            guard ref.hasPrefix("#/$defs/"), let target = root["$defs"]?[name] else { return errors + ["\(path): bad $ref \(ref)"] }
            errors += check(value, target, at: path)
        }
        if let type = s["type"] {
            let allowed = type.string.map { [$0] } ?? type.array.compactMap(\.string)
            if !allowed.contains(where: { matches(value, $0) }) { return errors + ["\(path): \(value) is not \(allowed)"] }
        }
        if let options = s["enum"]?.array, !options.contains(value) { errors.append("\(path): \(value) is not one of \(options)") }
        if case .object(let o) = value {
            for r in s["required"]?.array.compactMap(\.string) ?? [] where o[r] == nil { errors.append("\(path): missing \(r)") }
            let properties: [String: JSONValue]
            if case .object(let p)? = s["properties"] { properties = p } else { properties = [:] }
            for (k, v) in o {
                if let p = properties[k] { errors += check(v, p, at: "\(path).\(k)") } else if s["additionalProperties"] == .bool(false) {
                    errors.append("\(path): unexpected key \(k)")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = s["items"] {
            for (i, item) in items.enumerated() { errors += check(item, itemSchema, at: "\(path)[\(i)]") }
        }
        return errors
    }

    private func matches(_ v: JSONValue, _ type: String) -> Bool {
        switch (type, v) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .number),
             ("string", .string), ("array", .array), ("object", .object): return true
        default: return false
        }
    }
}

/// Whether `CI` is set (GitHub Actions sets `CI=true`): there a test whose tool is missing (a
/// browser, the action's curl and jq) fails instead of skipping, so that a green CI means it ran.
enum ContinuousIntegration {
    static let isSet: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "false" && value != "0"
    }()
}

/// Headless Chromium, when installed (Debian's `chromium`; `Scripts/setup` installs it on Linux).
enum Chromium {
    /// The first browser that runs (`--version` names Chromium or Chrome: Ubuntu's snap
    /// wrapper, which cannot run in a container, does not count).
    static let binary: String? = {
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let candidates = names.flatMap { name in dirs.map { $0 + "/" + name } }
            + ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium"]
        return candidates.first { path in
            guard FileManager.default.isExecutableFile(atPath: path), let r = try? CLI.run(path, ["--version"]) else { return false }
            return r.status == 0 && (r.stdout.contains("Chromium") || r.stdout.contains("Chrome"))
        }
    }()

    /// The browser tests' condition (`.enabled(if: Chromium.testable, Chromium.missing)`): a
    /// browser runs here, or CI is set (`ContinuousIntegration`) and `required()` fails the test,
    /// so that a green CI means the pictures were looked at.
    static var testable: Bool { binary != nil || ContinuousIntegration.isSet }

    static let missing: Comment = "no Chrome or Chromium runs here (Scripts/setup installs Debian's chromium); the browser tests are skipped"

    /// The browser; fails the test when there is none (reached only where CI is set).
    static func required(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(binary, "CI is set and no Chrome or Chromium runs here: the browser tests must run in CI (Scripts/setup installs Debian's chromium)",
                     sourceLocation: sourceLocation)
    }

    /// Opens `html` in a headless browser and returns the screenshot's PNG bytes.
    static func screenshot(_ html: String, width: Int = 1400, height: Int = 1000) throws -> Data {
        guard let binary else { throw CocoaError(.fileNoSuchFile) }
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let page = dir + "/report.html", png = dir + "/shot.png"
        try Data(html.utf8).write(to: URL(fileURLWithPath: page))
        // sRGB whatever the display: Chrome on macOS converts the page's colours to the screen's
        // profile (Display P3 on most Macs), and the tests look for the exact colours drawn.
        let result = try CLI.run(binary, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
                                          "--user-data-dir=\(dir)/profile", "--window-size=\(width),\(height)",
                                          "--screenshot=\(png)", URL(fileURLWithPath: page).absoluteString])
        guard let data = FileManager.default.contents(atPath: png) else {
            throw NSError(domain: "chromium", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return data
    }
}

/// Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes) with the system's
/// zlib, loaded at run time, to count what is on it.
struct PNGImage {
    var width = 0, height = 0
    var pixels: [UInt8] = []  // RGBA

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw PNGError("not a PNG") }
        var at = 8, idat: [UInt8] = [], colorType = 0
        while at + 8 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let body = Array(bytes[at + 8..<min(at + 8 + length, bytes.count)])
            if type == "IHDR" {
                width = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
                height = Int(body[4]) << 24 | Int(body[5]) << 16 | Int(body[6]) << 8 | Int(body[7])
                colorType = Int(body[9])
                guard body[8] == 8, colorType == 2 || colorType == 6, body[12] == 0 else { throw PNGError("unsupported PNG format") }
            }
            if type == "IDAT" { idat += body }
            at += 12 + length
        }
        let channels = colorType == 6 ? 4 : 3
        let raw = try PNGImage.inflate(idat, expected: height * (1 + width * channels))
        pixels = PNGImage.unfilter(raw, width: width, height: height, channels: channels)
    }

    struct PNGError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    static func inflate(_ input: [UInt8], expected: Int) throws -> [UInt8] {
        typealias Uncompress = @convention(c) (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>, UInt) -> Int32
        let handle = dlopen("libz.so.1", RTLD_NOW) ?? dlopen("libz.so", RTLD_NOW) ?? dlopen("/usr/lib/libz.dylib", RTLD_NOW)
        guard let handle, let symbol = dlsym(handle, "uncompress") else { throw PNGError("zlib not found") }
        let uncompress = unsafeBitCast(symbol, to: Uncompress.self)
        var out = [UInt8](repeating: 0, count: expected)
        var size = UInt(expected)
        let status = out.withUnsafeMutableBufferPointer { o in input.withUnsafeBufferPointer { i in uncompress(o.baseAddress!, &size, i.baseAddress!, UInt(input.count)) } }
        guard status == 0 else { throw PNGError("zlib error \(status)") }
        return out
    }

    /// Undoes the per-row filters (none, sub, up, average, Paeth) into RGBA.
    static func unfilter(_ raw: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        let stride = width * channels
        var previous = [UInt8](repeating: 0, count: stride), rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            var row = Array(raw[y * (stride + 1) + 1..<(y + 1) * (stride + 1)])
            for i in 0..<stride {
                let a = i >= channels ? Int(row[i - channels]) : 0, b = Int(previous[i]), c = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predictor = 0
                }
                row[i] = UInt8((Int(row[i]) + predictor) & 0xFF)
            }
            for x in 0..<width {
                rgba += row[x * channels..<x * channels + 3]
                rgba.append(channels == 4 ? row[x * channels + 3] : 255)
            }
            previous = row
        }
        return rgba
    }

    /// The share of pixels that are not white (the page), and how many colours (to 4 bits) appear.
    var inkAndColours: (ink: Double, colours: Int) {
        var ink = 0
        var colours = Set<Int>()
        for p in Swift.stride(from: 0, to: pixels.count, by: 4) {
            let (r, g, b) = (Int(pixels[p]), Int(pixels[p + 1]), Int(pixels[p + 2]))
            if r < 248 || g < 248 || b < 248 { ink += 1 }
            colours.insert((r >> 4) << 8 | (g >> 4) << 4 | (b >> 4))
        }
        return (Double(ink) / Double(max(width * height, 1)), colours.count)
    }
}
