# Scripts/lint's shell classes (bash32, empty-array, gnu-only, pipefail), in POSIX awk (macOS's
# awk, mawk, gawk). Run over the scripts twice: pass=1 learns each script's `set` options and
# the arrays that may be empty, pass=2 reports. Comments and here-document bodies are skipped.

function report(class, message) { printf "%s:%d: %s: %s\n", FILENAME, FNR, class, message }

# The line's code: no comment (a `#` at the start of a word), quoted text kept.
function code(line) {
    sub(/^[ \t]*#.*/, "", line)
    sub(/[ \t]#.*/, "", line)
    return line
}

FNR == 1 { heredoc = "" }

# Here-document bodies are text, not commands.
heredoc != "" {
    line = $0; sub(/^\t+/, "", line)
    if (line == heredoc) heredoc = ""
    next
}
{
    c = code($0)
    if (match(c, /(^|[^<])<<-?[ \t]*['"]?[A-Za-z_][A-Za-z0-9_]*/)) {
        heredoc = substr(c, RSTART, RLENGTH); sub(/.*<<-?[ \t]*['"]?/, "", heredoc)
    }
}

pass == 1 {
    if (c ~ /(^|[;&[:space:]])set[ \t]+-[a-zA-Z]*u/ || c ~ /set[ \t]+-o[ \t]+nounset/) nounset[FILENAME] = 1
    if (c ~ /set[ \t]+-[a-zA-Z]*o[ \t]+pipefail/) pipefail[FILENAME] = 1
    # Arrays that may be empty: made empty (`a=()`, `local a=()`), declared without a value
    # (`local -a a`), or filled from a command's words (`a=($(...))`).
    rest = c
    while (match(rest, /[A-Za-z_][A-Za-z0-9_]*=\([ \t]*(\)|\$\()/)) {
        name = substr(rest, RSTART, RLENGTH); sub(/=.*/, "", name)
        mayBeEmpty[FILENAME, name] = 1
        rest = substr(rest, RSTART + RLENGTH)
    }
    if (match(c, /(local|declare|typeset)[ \t]+-a[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*(;|$)/)) {
        name = substr(c, RSTART, RLENGTH); sub(/^[a-z]+[ \t]+-a[ \t]+/, "", name); sub(/[ \t;]*$/, "", name)
        mayBeEmpty[FILENAME, name] = 1
    }
    next
}

pass == 2 {
    bash32(c)
    gnuOnly(c)
    if (nounset[FILENAME]) emptyArrays(c)
    if (pipefail[FILENAME]) earlyReaders(c)
}

function bash32(c) {
    if (c ~ /(declare|local|typeset|readonly)[ \t]+-[a-zA-Z]*A/) report("bash32", "associative arrays are bash 4")
    if (c ~ /(declare|local|typeset)[ \t]+-[a-zA-Z]*[nglu]([ \t]|$)/) report("bash32", "declare -n/-g/-l/-u are bash 4.2 and later")
    if (c ~ /(^|[^A-Za-z0-9_-])(mapfile|readarray|coproc)([ \t]|$)/) report("bash32", "mapfile, readarray and coproc are bash 4")
    if (c ~ /\$\{[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?(\^|,)/) report("bash32", "case conversion ${x,,} ${x^^} is bash 4")
    if (c ~ /\$\{[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?@[QEPAaKkUuL]\}/) report("bash32", "${x@Q} transformations are bash 4.4")
    if (c ~ /[^|]\|&|&>>/) report("bash32", "|& and &>> are bash 4")
    if (c ~ /;;&|(^|[^;]);&([ \t]|$)/) report("bash32", "case fall-through ;& and ;;& is bash 4")
    if (c ~ /(^|[^A-Za-z0-9_])wait[ \t]+-n/) report("bash32", "wait -n is bash 4.3")
    if (c ~ /shopt[ \t]+-s[ \t]+(globstar|lastpipe|direxpand|autocd|checkjobs|globasciiranges|inherit_errexit|localvar_inherit|assoc_expand_once)/) report("bash32", "this shopt option is bash 4 and later")
    if (c ~ /\{[A-Za-z_][A-Za-z0-9_]*\}[<>]/) report("bash32", "exec {fd}> (a descriptor chosen by bash) is bash 4.1")
    if (c ~ /\$\{[A-Za-z_][A-Za-z0-9_]*\[-[0-9]/) report("bash32", "negative array indices are bash 4.3")
    if (c ~ /(\[\[?|test)[ \t]+-v[ \t]/) report("bash32", "test -v is bash 4.2")
    if (c ~ /%\([^)]*\)T/) report("bash32", "printf %(...)T is bash 4.2")
    if (c ~ /\$\{?(EPOCHSECONDS|EPOCHREALTIME|SRANDOM|BASHPID)/) report("bash32", "this variable is bash 4 and later")
    if (c ~ /\{[0-9]+\.\.[0-9]+\.\.[0-9]+\}/) report("bash32", "brace ranges with a step are bash 4")
}

function gnuOnly(c,   cmd) {
    if (c ~ /(^|[^A-Za-z0-9_.\/-])sed[ \t]/) {
        cmd = c; sub(/.*(^|[^A-Za-z0-9_.\/-])sed[ \t]/, "sed ", cmd)
        gsub(/\\\\/, "", cmd)   # escaped backslashes are no escapes
        if (cmd ~ /^sed([ \t]+-[a-zA-Z]+)*[ \t]+-[a-zA-Z]*i([ \t]|$)/ || cmd ~ /--in-place/) report("gnu-only", "BSD sed -i needs a suffix argument: sed -i.bak, or write a temporary file")
        if (cmd ~ /\\t/) report("gnu-only", "BSD sed has no \\t: use a real tab, or printf")
        if (cmd ~ /^sed([ \t]+-[a-zA-Z]+)*[ \t]+-[a-zA-Z]*r([ \t]|$)/) report("gnu-only", "sed -r is GNU: use -E")
        if (cmd !~ /^sed([ \t]+-[a-zA-Z]+)*[ \t]+-[a-zA-Z]*E/ && cmd ~ /\\[+?|]/) report("gnu-only", "\\+ \\? \\| in a basic regular expression are GNU: use sed -E")
    }
    if (c ~ /(^|[^A-Za-z0-9_-])stat[ \t][^|;]*(-c[ \t]|--format|--printf)/) report("gnu-only", "stat -c is GNU (BSD: stat -f); for a size, wc -c <FILE")
    if (c ~ /(^|[^-$A-Za-z0-9_.\/"'=])timeout[ \t]+["$0-9]/) report("gnu-only", "macOS has no timeout")
    # A GNU tool behind `command -v TOOL` on the same line has its fallback there.
    if (c ~ /(^|[^A-Za-z0-9_-])(numfmt|md5sum|sha1sum|sha256sum|sha512sum|tac|shuf|nproc)([ \t]|$|\))/ && c !~ /command -v (numfmt|md5sum|sha1sum|sha256sum|sha512sum|tac|shuf|nproc)[ >;&|]/) report("gnu-only", "this tool is GNU coreutils only (macOS: md5, shasum -a 256, tail -r, sysctl -n hw.ncpu, ...)")
    if (c ~ /readlink[ \t]+-[a-zA-Z]*f/) report("gnu-only", "readlink -f is GNU: use realpath, or cd and pwd -P")
    if (c ~ /(^|[^A-Za-z0-9_-])time[ \t]+(-[a-zA-Z]*[vf]|--format|--verbose|--quiet)/) report("gnu-only", "GNU time -v/-f: BSD time has -l (ru_maxrss in bytes) and -p")
    if (c ~ /(^|[^A-Za-z0-9_-])date[ \t][^|;]*(-d[ \t]|--date)/ || c ~ /date[ \t][^|;]*%N/) report("gnu-only", "date -d and %N are GNU")
    if (c ~ /(^|[^A-Za-z0-9_-])grep[ \t][^|;]*(-[a-zA-Z]*P|--perl-regexp)/) report("gnu-only", "grep -P is GNU: use grep -E")
    if (c ~ /(^|[^A-Za-z0-9_-])find[ \t][^|;]*-printf/) report("gnu-only", "find -printf is GNU")
    if (c ~ /(^|[^A-Za-z0-9_-])head[ \t]+-n[ \t]*-[0-9]/) report("gnu-only", "head -n -N is GNU")
    if (c ~ /(^|[^A-Za-z0-9_-])realpath[ \t]+--/) report("gnu-only", "realpath's long options are GNU")
    if (c ~ /(^|[^A-Za-z0-9_-])base64[ \t][^|;]*-w/) report("gnu-only", "base64 -w is GNU")
}

# "${a[@]}" and ${a[*]} of an array that may be empty, not in ${a[@]+...} or ${a[@]:-...}.
function emptyArrays(c,   rest, name) {
    # The guarded forms, taken out first.
    gsub(/\$\{[A-Za-z_][A-Za-z0-9_]*\[[@*]\]:?\+"?\$\{[A-Za-z_][A-Za-z0-9_]*\[[@*]\]\}"?\}/, "", c)
    gsub(/\$\{[A-Za-z_][A-Za-z0-9_]*\[[@*]\]:?[-+=?][^}]*\}/, "", c)
    rest = c
    while (match(rest, /\$\{[A-Za-z_][A-Za-z0-9_]*\[[@*]\]/)) {
        name = substr(rest, RSTART + 2, RLENGTH - 5)
        if ((FILENAME, name) in mayBeEmpty) {
            report("empty-array", "${" name "[@]} of an empty array is an unbound variable for bash 3.2 under set -u: write ${" name "[@]+\"${" name "[@]}\"}")
        }
        rest = substr(rest, RSTART + RLENGTH)
    }
}

# A pipeline into a reader that stops early: the writer gets SIGPIPE and, under pipefail, the
# pipeline fails (141) although the reader succeeded. Harmless only where the status is dropped:
# after `|| true`, or in a $(...) that is an argument rather than an assignment's value.
function earlyReaders(c,   rest, at, start, length_, open) {
    rest = c; at = 0
    while (match(rest, /\|[ \t]*(grep[ \t]+([^|;&]*[ \t])?(-[a-zA-Z]*[qlLm][a-zA-Z0-9]*|--quiet|--silent|--max-count[= ][0-9]*|--files-with(out)?-match(es)?)([ \t]|$)|head([ \t]|$|\))|sed[ \t]+(-n[ \t]+)?['"]?[0-9]+q)/)) {
        start = RSTART; length_ = RLENGTH
        at += start
        if (substr(c, at) !~ /\|\|[ \t]*(true|:)/) {
            open = openSubstitution(substr(c, 1, at - 1))
            if (!open || assigned(substr(c, 1, open - 1))) {
                report("pipefail", "under pipefail this pipeline fails when its reader quits early (grep -q, head, ...): the writer dies of SIGPIPE; capture the output first (out=$(cmd); case $out in ...) or add || true where the status does not matter")
            }
        }
        rest = substr(rest, start + length_); at += length_ - 1
    }
}

# Where the innermost `$(` still open at the end of `s` starts, or 0.
function openSubstitution(s,   i, n, ch, depth, opened) {
    n = length(s); depth = 0
    for (i = 1; i <= n; i++) {
        ch = substr(s, i, 1)
        if (ch == "(") { depth++; opened[depth] = (i > 1 && substr(s, i - 1, 1) == "$") ? i - 1 : 0 }
        else if (ch == ")" && depth > 0) depth--
    }
    for (; depth > 0; depth--) if (opened[depth]) return opened[depth]
    return 0
}

# Whether what stands before a `$(` makes it an assignment's value (`x=$(`, `local x="$(`).
function assigned(before) {
    sub(/"$/, "", before)
    return before ~ /[A-Za-z0-9_]=$/
}
