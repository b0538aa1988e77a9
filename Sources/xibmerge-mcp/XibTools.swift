import MCP

/// The tools the server offers, each one `xibmerge` subcommand run with `--format json` (render:
/// its SVG), as data: the schema an agent sees, and the command line its arguments make.
struct XibTool: Sendable {
    enum Output: Sendable { case json, svg }

    let tool: Tool
    let output: Output
    /// The `xibmerge` arguments for a call; a bad argument is a tool error.
    let command: @Sendable (ToolArguments) throws(ToolError) -> [String]

    var name: String { tool.name }
    var argumentNames: [String] { tool.inputSchema.objectValue?["properties"]?.objectValue?.keys.sorted() ?? [] }

    static let all: [XibTool] = [outline, diff, check, render, mergePreview, conflicts, resolve]

    private static let readOnly = Tool.Annotations(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)
    private static let noiseArguments: [String: Value] = [
        "include_noise": Schema.bool("Include Xcode's noise (toolsVersion, plug-in versions, <device>, canvasLocation, misplaced)."),
        "layout": Schema.bool("Include frames."),
    ]

    private static func noiseFlags(_ a: ToolArguments) throws(ToolError) -> [String] {
        (try a.bool("include_noise") ? ["--include-noise"] : []) + (try a.bool("layout") ? ["--layout"] : [])
    }

    static let outline = XibTool(
        tool: Tool(name: "outline", title: "Outline an IB file",
                   description: """
                   The objects of a .xib or .storyboard as Interface Builder shows them: each with its human path \
                   (Login Scene > View > Button "Save"), object id, line, and attributes in words; constraints as \
                   equations, outlets, actions and segues as what they connect. Optionally one scene or top-level \
                   object (id or name) or one object (id) with what it contains. JSON of `xibmerge outline --format json`.
                   """,
                   inputSchema: Schema.object([
                       "file": Schema.string("The .xib or .storyboard, relative to the server's root."),
                       "scene": Schema.string("Only this scene or top-level object: its id, or its name (\"Login Scene\" or \"Login\")."),
                       "object": Schema.string("Only this object (its id) and what it contains."),
                   ].merging(noiseArguments) { a, _ in a }, required: ["file"]),
                   annotations: readOnly),
        output: .json
    ) { a throws(ToolError) in
        let file = try a.requiredPath("file")
        return ["outline", "--format=json"] + (try a.string("scene")).map { ["--scene=\($0)"] }.orEmpty
            + (try a.string("object")).map { ["--object=\($0)"] }.orEmpty + (try noiseFlags(a)) + [file]
    }

    static let diff = XibTool(
        tool: Tool(name: "diff", title: "Diff two versions of an IB file",
                   description: """
                   What changed between two versions of a .xib or .storyboard, by object, in words: added, removed, \
                   moved and modified objects under their scene, attribute changes as old → new, noise counted apart. \
                   Either two files (old, new) or revisions of the repository (from, optionally to; without `to`, \
                   the work tree), optionally limited to a path. JSON of `xibmerge diff --format json`.
                   """,
                   inputSchema: Schema.object([
                       "old": Schema.string("The older file, relative to the root (with new)."),
                       "new": Schema.string("The newer file (with old)."),
                       "from": Schema.string("A revision (main, HEAD~1, a commit); or a range main..feature, main...feature."),
                       "to": Schema.string("The newer revision (default: the work tree)."),
                       "path": Schema.string("With from: only this file or folder."),
                   ].merging(noiseArguments) { a, _ in a }),
                   annotations: readOnly),
        output: .json
    ) { a throws(ToolError) in
        let flags = ["diff", "--format=json"] + (try noiseFlags(a))
        let (old, new, from) = (try a.path("old"), try a.path("new"), try a.revision("from"))
        if let old, let new {
            if from != nil || a.values["to"] != nil || a.values["path"] != nil { throw ToolError("give either old and new, or from (and to, path)") }
            return flags + [old, new]
        }
        guard let from, old == nil, new == nil else { throw ToolError("give either two files (old and new) or a revision (from)") }
        let range = try a.revision("to").map { "\(from)..\($0)" } ?? from
        return flags + [range] + (try a.path("path")).map { ["--", $0] }.orEmpty
    }

    static let check = XibTool(
        tool: Tool(name: "check", title: "Check IB files",
                   description: """
                   Checks .xib and .storyboard files, or the folders holding them, for what breaks an app: duplicate \
                   ids, dangling references, conflict markers, layout flags, translations that lost their object, and, \
                   given sources (a folder is its own), outlets, actions and classes the Swift and Objective-C code \
                   lacks. Findings with file:line:column, rule, severity and the object's path. JSON of \
                   `xibmerge check --format json`; .xibmerge.yml applies.
                   """,
                   inputSchema: Schema.object([
                       "paths": Schema.strings("Files or folders, relative to the root (\".\": all of it)."),
                       "enable": Schema.strings("Rules to turn on (ids as in the findings' kind)."),
                       "disable": Schema.strings("Rules to turn off."),
                       "sources": Schema.strings("Folders of Swift and Objective-C code for the code rules, instead of the folders given."),
                       "strict": Schema.bool("Count warnings as failures (the CLI's exit 1)."),
                   ], required: ["paths"]),
                   annotations: readOnly),
        output: .json
    ) { a throws(ToolError) in
        let paths = try a.paths("paths")
        if paths.isEmpty { throw ToolError("paths is required") }
        return ["check", "--format=json"] + (try a.strings("enable")).map { "--enable=\($0)" }
            + (try a.strings("disable")).map { "--disable=\($0)" } + (try a.paths("sources")).map { "--sources=\($0)" }
            + (try a.bool("strict") ? ["--strict"] : []) + paths
    }

    static let render = XibTool(
        tool: Tool(name: "render", title: "Draw an IB file as a wireframe",
                   description: """
                   The SVG wireframe of a .xib or .storyboard, as `xibmerge render` draws it: each scene (or top-level \
                   view or window) with its views at their frames, texts, images and bars; every shape carries the \
                   object's id (data-id) and path. Optionally some scenes only.
                   """,
                   inputSchema: Schema.object([
                       "file": Schema.string("The .xib or .storyboard, relative to the root."),
                       "scene": Schema.strings("Only these scenes or top-level objects (ids or names)."),
                   ], required: ["file"]),
                   annotations: readOnly),
        output: .svg
    ) { a throws(ToolError) in
        let file = try a.requiredPath("file")
        return ["render", "--format=svg"] + (try a.strings("scene")).map { "--scene=\($0)" } + [file]
    }

    static let mergePreview = XibTool(
        tool: Tool(name: "merge_preview", title: "Preview a merge of two branches",
                   description: """
                   What merging theirs into ours would do, without merging or writing anything: every .xib and \
                   .storyboard changed on both sides merged in memory as xibmerge's merge driver would (clean, or its \
                   conflicts in words), and the other files git would leave conflicted. JSON of \
                   `xibmerge merge-preview --format json`.
                   """,
                   inputSchema: Schema.object([
                       "ours": Schema.string("The branch merged into (a revision: main, HEAD)."),
                       "theirs": Schema.string("The branch to merge (a revision)."),
                   ], required: ["ours", "theirs"]),
                   annotations: readOnly),
        output: .json
    ) { a throws(ToolError) in
        guard let ours = try a.revision("ours"), let theirs = try a.revision("theirs") else { throw ToolError("ours and theirs are required") }
        return ["merge-preview", "--format=json", ours, theirs]
    }

    static let conflicts = XibTool(
        tool: Tool(name: "conflicts", title: "List the conflicts of conflicted IB files",
                   description: """
                   The conflicts of the .xib and .storyboard files git left conflicted (during a merge, rebase, \
                   cherry-pick or stash pop), merged structurally as the merge driver does with the answers given \
                   so far: each conflict's path, id, key, what base, ours and theirs hold and what each side did. \
                   Writes nothing. Answer them with resolve (never by editing the markers). JSON of \
                   `xibmerge resolve --list --format json`.
                   """,
                   inputSchema: Schema.object([
                       "path": Schema.string("A conflicted file or a folder, relative to the root (default: every conflicted IB file)."),
                   ]),
                   annotations: readOnly),
        output: .json
    ) { a throws(ToolError) in
        ["resolve", "--list", "--format=json"] + (try a.path("path")).map { [$0] }.orEmpty
    }

    static let resolve = XibTool(
        tool: Tool(name: "resolve", title: "Resolve conflicts by taking a side",
                   description: """
                   Answers the conflicts of a conflicted .xib or .storyboard with ours or theirs, every conflict or \
                   those `only` selects (a conflict's key, object id or path, as conflicts lists them, or a part of \
                   one; * ? [ as in the shell), exactly as `xibmerge resolve --take SIDE --only PATTERN`: the file is \
                   merged again with the answers, written, and staged once every conflict is answered. Answers are \
                   kept between calls. JSON of `xibmerge resolve --format json`.
                   """,
                   inputSchema: Schema.object([
                       "path": Schema.string("The conflicted file (or a folder of them), relative to the root."),
                       "take": Schema.choice(["ours", "theirs"], "The side to take."),
                       "only": Schema.string("Only the conflicts whose key, object id or path contains this (or matches it, with * ? [)."),
                       "stage": Schema.bool("Stage the file once resolved (default true)."),
                   ], required: ["path", "take"]),
                   annotations: Tool.Annotations(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        output: .json
    ) { a throws(ToolError) in
        let path = try a.requiredPath("path")
        guard let take = try a.choice("take", ["ours", "theirs"]) else { throw ToolError("take is required (ours or theirs)") }
        let stage = a.values["stage"] == nil ? true : try a.bool("stage")
        return ["resolve", "--take=\(take)", "--format=json"] + (try a.string("only")).map { ["--only=\($0)"] }.orEmpty
            + (stage ? [] : ["--no-add"]) + [path]
    }
}

extension Optional where Wrapped == [String] {
    var orEmpty: [String] { self ?? [] }
}
