#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `read(2)`, which the `FileIO.read` method would otherwise shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// `write(2)`, which the `FileIO.write` method would otherwise shadow.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// File reading and atomic writing without Foundation's overhead or its silent repairs.
public enum FileIO {
    static func lastError() -> String {
        guard let p = strerror(errno) else { return "error \(errno)" }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: strlen(p)), as: UTF8.self)
    }

    /// The size of a regular file, or nil (missing, not a regular file): for sizing work
    /// before reading.
    public static func size(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    /// The file's bytes; a file over `limit` bytes (the reader's) is refused unread.
    public static func read(_ path: String, limit: Int = XMLLimits.default.maximumFileSize) throws(XMLParseError) -> [UInt8] {
        func failure(_ message: String) -> XMLParseError {
            XMLParseError(kind: .malformed, location: SourceLocation(file: path, line: 0, column: 0, offset: 0), message: message)
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure("cannot open file: \(FileIO.lastError())") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failure("cannot read file: \(FileIO.lastError())") }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw failure("is a directory") }
        func tooLarge(_ size: Int) -> XMLParseError {
            XMLParseError(kind: .tooLarge, location: SourceLocation(file: path, line: 1, column: 1, offset: 0),
                          message: XMLLimits.fileTooLarge(size, limit: limit))
        }
        if Int(st.st_size) > limit { throw tooLarge(Int(st.st_size)) }
        // Straight into the array (no stdio buffer, no second copy); the size is a hint only,
        // since a pipe or a growing file reports another.
        var out: [UInt8] = []
        var capacity = max(Int(st.st_size) + 1, 1 << 16)
        while true {
            let have = out.count
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity - have) { buffer, count in
                var n = 0
                while n < buffer.count {
                    let r = systemRead(fd, buffer.baseAddress! + n, buffer.count - n)
                    if r < 0 {
                        if errno == EINTR { continue }
                        failed = true
                        break
                    }
                    if r == 0 { break }
                    n += r
                }
                count = n
            }
            if failed { throw failure("read error: \(FileIO.lastError())") }
            if have == 0 { out = chunk } else { out.append(contentsOf: chunk) }
            if out.count < capacity { break }
            if out.count > limit { throw tooLarge(out.count) }
            capacity *= 2
        }
        return out
    }

    /// Copies the file at `path` to the open descriptor `fd` (standard output) as it is, in
    /// chunks, whatever its size: how `textconv` shows a file too large to read.
    public static func copy(_ path: String, to fd: Int32) throws(WriteError) {
        let input = open(path, O_RDONLY)
        guard input >= 0 else { throw WriteError(path: path, reason: FileIO.lastError()) }
        defer { close(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBufferPointer { systemRead(input, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw WriteError(path: path, reason: FileIO.lastError()) }
            if n == 0 { return }
            try write(buffer[..<n], to: fd)
        }
    }

    /// Writes all of `bytes` to the open descriptor `fd` (standard output).
    public static func write(_ bytes: ArraySlice<UInt8>, to fd: Int32) throws(WriteError) {
        var written = 0
        while written < bytes.count {
            let w = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, bytes.count - written) }
            if w < 0 && errno == EINTR { continue }
            if w <= 0 { throw WriteError(path: "standard output", reason: FileIO.lastError()) }
            written += w
        }
    }

    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): error: cannot write: \(reason)" }
    }

    /// Writes through a temporary file in the same folder, flushed to the disk, and a rename, so
    /// that a reader never sees half a file, and a crash or a power loss leaves the old file or
    /// the new one. Keeps the original file's permissions. `flushed: false` leaves out the
    /// flush, for a file nobody keeps past a power loss (git's scratch copy, which git reads
    /// back and deletes): a crash still leaves the old file or the new one. `beforeRename` runs
    /// with the temporary file written (the tests pause there to interrupt the process).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, flushed: Bool = true,
                                       beforeRename: () -> Void = {}) throws(WriteError) {
        var st = stat()
        let exists = stat(path, &st) == 0
        // A device or a pipe (`-o /dev/null`, `-o /dev/stdout`, a FIFO) is written to: a file
        // renamed over it would take its place (and, run as root, over /dev/null, break the machine).
        if exists && (st.st_mode & S_IFMT) != S_IFREG && (st.st_mode & S_IFMT) != S_IFDIR {
            let fd = open(path, O_WRONLY | O_TRUNC)
            guard fd >= 0 else { throw WriteError(path: path, reason: FileIO.lastError()) }
            defer { close(fd) }
            do { try write(bytes[...], to: fd) } catch { throw WriteError(path: path, reason: error.reason) }
            return
        }
        // Named with the process id, so that the process a crash starts (the same id) can
        // remove what this one left (`removeTemporaryFiles`).
        var template = Array("\(temporaryPrefix(beside: path))XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: path, reason: FileIO.lastError()) }
        let tmp = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let mode: mode_t = exists ? st.st_mode & 0o7777 : 0o644
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + written, raw.count - written)
                if n <= 0 { return false }
                written += n
            }
            return true
        }
        fchmod(fd, mode)
        if !ok || (flushed && !flushToDrive(fd)) {
            let reason = FileIO.lastError()
            close(fd); unlink(tmp)
            throw WriteError(path: path, reason: reason)
        }
        close(fd)
        beforeRename()
        if rename(tmp, path) != 0 {
            let reason = FileIO.lastError()
            unlink(tmp)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Flushes what was written to `fd` to the drive itself. On macOS `fsync` only hands it to the
    /// drive, whose cache a power loss can still lose; `F_FULLFSYNC` asks the drive to flush
    /// (fsync(2) and fcntl(2) of macOS). Some file systems (network shares, FAT) refuse it: then
    /// `fsync`, the most they offer.
    static func flushToDrive(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(fd) == 0
    }

    /// Removes the temporary files this process (by its id) left beside `path`.
    public static func removeTemporaryFiles(beside path: String) {
        let (dir, files) = temporaryFiles(beside: path)
        for file in files where file.pid == getpid() { unlink("\(dir)/\(file.name)") }
    }

    /// The temporary file names `writeAtomically` uses beside `path`: its folder, and the
    /// process id each name holds with the name (`.xibmerge-PID-XXXXXX`).
    public static func temporaryFiles(beside path: String) -> (folder: String, files: [(pid: Int32, name: String)]) {
        let prefix = temporaryPrefix(beside: path)
        let dir = String(prefix[..<prefix.lastIndex(of: "/")!])
        guard let d = opendir(dir) else { return (dir, []) }
        defer { closedir(d) }
        var out: [(Int32, String)] = []
        let marker = Array(".xibmerge-".utf8)
        while let entry = readdir(d) {
            // Names compared as bytes first: a String per entry was 10,000 instructions each,
            // 12% of a heavy merge's instructions in a folder of 3,213 files.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { name -> String? in
                guard name.count >= marker.count, memcmp(name.baseAddress!, marker, marker.count) == 0 else { return nil }
                return String(cString: name.bindMemory(to: CChar.self).baseAddress!)
            }
            guard let file = name else { continue }
            let parts = file.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0] == ".xibmerge", parts[2].count == 6, let pid = Int32(parts[1]) else { continue }
            out.append((pid, file))
        }
        return (dir, out)
    }

    private static func temporaryPrefix(beside path: String) -> String {
        let dir: String
        if let slash = path.lastIndex(of: "/") { dir = String(path[..<slash]).isEmpty ? "/" : String(path[..<slash]) } else { dir = "." }
        return "\(dir)/.xibmerge-\(getpid())-"
    }
}
