# Scripts/lint's Swift classes (darwin-pointer, macos-floor, foundation-clash, private-tmp), in
# POSIX awk (macOS's awk, mawk, gawk). Run over the files twice: pass=1 learns what the package
# declares and which files import Foundation, pass=2 reports. Variables: apis (kind, spelling,
# macOS, declaration: the spellings newer than the floor), candidates (grep's FILE:LINE:SPELLING
# for them), appleonly (the names only Apple's Foundation exports).

function report(class, message) { printf "%s:%d: %s: %s\n", FILENAME, FNR, class, message }
function ident(c) { return c ~ /[A-Za-z0-9_]/ }

# The module a file belongs to: the folder after the last Sources/, Tests/ or Fuzz/.
function module(path,   n, parts, i) {
    n = split(path, parts, "/")
    for (i = n - 1; i >= 1; i--) if (parts[i] == "Sources" || parts[i] == "Tests" || parts[i] == "Fuzz") return parts[i + 1]
    return parts[1]
}

# The line without its `//` comment and with string literals emptied (naively: no multi-line
# strings), so that names in comments and messages are not uses.
function code(line) {
    gsub(/"([^"\\]|\\.)*"/, "\"\"", line)
    sub(/\/\/.*/, "", line)
    return line
}

function newer(v, f,   a, b) {
    split(v, a, "."); split(f, b, ".")
    return a[1] + 0 > b[1] + 0 || (a[1] + 0 == b[1] + 0 && a[2] + 0 > b[2] + 0)
}

BEGIN {
    FS = "\n"
    while ((getline line < apis) > 0) {
        split(line, f, "\t")
        apiKind[f[2]] = f[1]; apiVersion[f[2]] = f[3]; apiDecl[f[2]] = f[4]
    }
    while ((getline line < candidates) > 0) {
        # FILE:LINE:SPELLING (FILE without colons: the package's paths have none).
        i = index(line, ":"); file = substr(line, 1, i - 1); rest = substr(line, i + 1)
        i = index(rest, ":"); n = substr(rest, 1, i - 1); token = substr(rest, i + 1)
        if (token == "") continue
        key = file SUBSEP n
        if (key in spelled) spelled[key] = spelled[key] "\n" token
        else spelled[key] = token
        hasCandidates[file] = 1
    }
    while ((getline line < appleonly) > 0) if (line !~ /^#/ && line != "") appleOnly[line] = 1
    darwinPointer = "(posix_spawn_file_actions_t|posix_spawnattr_t|pthread_t)[ \t]*\\([ \t]*\\)"
    nonDarwin = "canImport\\((Glibc|Musl|Android|WinSDK)\\)|os\\((Linux|Windows|Android|FreeBSD|OpenBSD|WASI)\\)"
    darwin = "canImport\\(Darwin\\)|os\\((macOS|iOS|tvOS|watchOS|visionOS)\\)"
}

FNR == 1 { depth = 0; levels = 0; guards = 0; pending = ""; ifs = 0 }

# Pass 1: declarations, by module, and the files that import Foundation.
pass == 1 {
    c = code($0)
    if (c ~ /(^|[ \t])import[ \t]+Foundation([ \t;]|$)/) importsFoundation[FILENAME] = 1
    rest = c
    while (match(rest, /(struct|class|enum|protocol|typealias|actor|func|var|let|case)[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
        word = substr(rest, RSTART, RLENGTH); sub(/^[a-z]+[ \t]+/, "", word)
        if (RSTART == 1 || !ident(substr(rest, RSTART - 1, 1))) {
            declared[word] = 1
            if (substr(rest, RSTART, 4) !~ /^(func|var |let |case)/) typeModule[word] = module(FILENAME)
        }
        rest = substr(rest, RSTART + RLENGTH)
    }
    next
}

# Pass 2, all rules on one line.
{
    c = code($0)
    trackConditions(c)
    if (c ~ darwinPointer && !darwinExcluded()) {
        match(c, darwinPointer)
        report("darwin-pointer", substr(c, RSTART, RLENGTH) " does not compile on Darwin, where the type is a pointer with no init(): use XibGit's SpawnFileActions / SpawnAttributes")
    }
    if (c ~ /resolvingSymlinksInPath|standardizingPath/) {
        report("private-tmp", "Apple's Foundation takes /private off the resolved path (/tmp, /var are links into /private): use realpath(3)")
    }
    if (importsFoundation[FILENAME]) foundationClash(c)
    if (hasCandidates[FILENAME]) {
        trackGuards(c)
        key = FILENAME SUBSEP FNR
        if (key in spelled) newerAPIs(c, spelled[key])
    }
}

# `#if` branches: is this line in one that Darwin never compiles?
function trackConditions(c,   cond) {
    if (c ~ /^[ \t]*#if[ \t]/) {
        levels++; cond = c; sub(/^[ \t]*#if[ \t]+/, "", cond)
        sawDarwin[levels] = cond ~ darwin
        excludes[levels] = cond ~ nonDarwin && cond !~ darwin && cond !~ /!/
    } else if (c ~ /^[ \t]*#elseif[ \t]/ && levels > 0) {
        cond = c; sub(/^[ \t]*#elseif[ \t]+/, "", cond)
        excludes[levels] = cond ~ nonDarwin && cond !~ darwin && cond !~ /!/
        if (cond ~ darwin) sawDarwin[levels] = 1
    } else if (c ~ /^[ \t]*#else/ && levels > 0) {
        excludes[levels] = sawDarwin[levels]
    } else if (c ~ /^[ \t]*#endif/ && levels > 0) {
        levels--
    }
}
function darwinExcluded(   i) {
    for (i = 1; i <= levels; i++) if (excludes[i]) return 1
    return 0
}

# A type named like one of Apple's Foundation only, declared in another module, written
# without its module.
function foundationClash(c,   rest, name, at, before, after, offset) {
    for (name in appleOnly) {
        if (!(name in typeModule) || typeModule[name] == module(FILENAME)) continue
        rest = c; offset = 0
        while ((at = index(rest, name)) > 0) {
            before = at > 1 ? substr(rest, at - 1, 1) : ""
            after = substr(rest, at + length(name), 1)
            if (!ident(before) && before != "." && !ident(after)) {
                report("foundation-clash", name " is also a class of Apple's Foundation, which this file imports: ambiguous on macOS; write " typeModule[name] "." name)
            }
            rest = substr(rest, at + length(name))
        }
    }
}

# `if #available(macOS N, *) {`, `@available(macOS N, *)` before a declaration's `{`, `guard
# #available(macOS N, *) else` for the rest of the scope: what the braces they open guard.
function trackGuards(c,   v, i, ch, n) {
    v = ""
    if (match(c, /[#@]available\([ \t]*macOS[ \t]+[0-9.]+/)) {
        v = substr(c, RSTART, RLENGTH); sub(/.*macOS[ \t]+/, "", v)
        if (c ~ /guard[ \t]+#available/) { guards++; guardLevel[guards] = depth; guardVersion[guards] = v; v = "" }
        else pending = v
    }
    n = length(c)
    for (i = 1; i <= n; i++) {
        ch = substr(c, i, 1)
        if (ch == "{") {
            depth++
            if (pending != "") { guards++; guardLevel[guards] = depth; guardVersion[guards] = pending; pending = "" }
        } else if (ch == "}") {
            depth--
            while (guards > 0 && depth < guardLevel[guards]) guards--
        }
    }
}
function guarded(version,   i) {
    for (i = 1; i <= guards; i++) if (!newer(version, guardVersion[i])) return 1
    return 0
}

# The spellings grep found on this line, each checked where it stands: a whole name, a call
# whose first argument has that label, not the package's own name, not in a comment.
function newerAPIs(c, found,   tokens, n, k, token, kind, rest, at, before, after, name) {
    n = split(found, tokens, "\n")
    for (k = 1; k <= n; k++) {
        token = tokens[k]; kind = apiKind[token]
        name = token; sub(/^[.#]/, "", name); sub(/\(.*/, "", name)
        if (name in declared) continue
        rest = c
        while ((at = index(rest, token)) > 0) {
            before = at > 1 ? substr(rest, at - 1, 1) : ""
            after = substr(rest, at + length(token))
            if (use(kind, token, before, after) && !guarded(apiVersion[token])) {
                report("macos-floor", apiDecl[token] " is macOS " apiVersion[token] " and later; the package supports macOS " floor ": guard it with #available or do without")
                break
            }
            rest = substr(rest, at + length(token))
        }
    }
}
function use(kind, token, before, after) {
    if (kind == "type" || kind == "macro") return !ident(before) && !ident(substr(after, 1, 1))
    if (kind == "member") return !ident(substr(after, 1, 1)) && substr(after, 1, 1) != "("
    if (kind == "function" && (ident(before) || before == ".")) return 0
    if (substr(token, 1, 1) != "." && ident(before)) return 0
    # `name(` without a label: not when the call's first argument has one (another spelling).
    if (token ~ /\($/ && after ~ /^[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*:[^:]/) return 0
    return 1
}
