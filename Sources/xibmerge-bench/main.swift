import XibKit
import Foundation
var ok = 0, bad = 0, fmtBad = 0
for path in CommandLine.arguments.dropFirst() {
    let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
    do {
        let doc = try XMLReader.parse(bytes, name: path)
        let out = XMLWriter.write(doc)
        if out != bytes { bad += 1; print("ROUNDTRIP DIFF", path) } else { ok += 1 }
        let f = XMLWriter.write(doc.formatted())
        if f != bytes {
            fmtBad += 1
            try? Data(f).write(to: URL(fileURLWithPath: "/tmp/fmt/" + (path as NSString).lastPathComponent))
            print("FORMAT DIFF", path)
        }
    } catch { print("ERR", error) }
}
print("ok \(ok) bad \(bad) fmtBad \(fmtBad)")
