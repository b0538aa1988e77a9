import XibKit

/// SARIF 2.1.0 (the OASIS standard GitHub code scanning reads): one run whose tool lists every
/// rule with its description and default level, a result per finding, and files that could not
/// be checked as the invocation's notifications.
public enum CheckSARIFRenderer {
    public static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    public static func render(_ results: [CheckReport.FileResult], toolVersion: String) -> JSON {
        let rules = CheckRule.allCases
        let findings = CheckReport.findings(results)
        let failures = CheckReport.failures(results)
        let run: JSON = .object([
            ("tool", .object([("driver", .object([
                ("name", .string("xibmerge")),
                ("version", .string(toolVersion)),
                ("rules", .array(rules.map(descriptor))),
            ]))])),
            ("invocations", .array([.object([
                ("executionSuccessful", .bool(failures.isEmpty)),
                ("toolExecutionNotifications", .array(failures.map { e in
                    .object([
                        ("level", .string("error")),
                        ("message", .object([("text", .string(e.message))])),
                        ("locations", .array([location(file: e.location.file, line: e.location.line, column: e.location.column)])),
                    ])
                })),
            ])])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(findings.map { f in
                var location = location(file: f.file, line: f.line, column: f.column)
                if let path = f.path, case .object(var fields) = location {
                    var logical: [(String, JSON)] = [("fullyQualifiedName", .string(path)), ("kind", .string("element"))]
                    if let id = f.objectID { logical.insert(("name", .string(id)), at: 0) }
                    fields.append(("logicalLocations", .array([.object(logical)])))
                    location = .object(fields)
                }
                return .object([
                    ("ruleId", .string(f.kind.id)),
                    ("ruleIndex", .int(rules.firstIndex(of: f.kind)!)),
                    ("level", .string(f.severity.rawValue)),
                    ("message", .object([("text", .string(f.text))])),
                    ("locations", .array([location])),
                ])
            })),
        ])
        return .object([("$schema", .string(schema)), ("version", .string("2.1.0")), ("runs", .array([run]))])
    }

    private static func descriptor(_ rule: CheckRule) -> JSON {
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.help))])),
            ("help", .object([("text", .string(rule.help))])),
            ("defaultConfiguration", .object([
                ("enabled", .bool(rule.isEnabledByDefault)),
                ("level", .string(rule.defaultSeverity.rawValue)),
            ])),
            ("properties", .object([("tags", .array([.string("interface-builder"), .string(rule.category.rawValue)]))])),
        ])
    }

    private static func location(file: String, line: Int, column: Int?) -> JSON {
        var physical: [(String, JSON)] = [("artifactLocation", .object([("uri", .string(uri(file)))]))]
        if line > 0 {
            physical.append(("region", .object([("startLine", .int(line)), ("startColumn", .int(max(column ?? 1, 1)))])))
        }
        return .object([("physicalLocation", .object(physical))])
    }

    /// A path as a URI reference: relative paths stay relative (to the repository root, as
    /// code scanning expects), absolute ones become `file://` URIs; reserved bytes are escaped.
    static func uri(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        var out = p.hasPrefix("/") ? "file://" : ""
        for b in p.utf8 {
            let unreserved = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E || b == 0x2F || b == 0x2B || b == 0x40
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let h = String(b, radix: 16, uppercase: true)
                out += "%" + (h.count == 1 ? "0" + h : h)
            }
        }
        return out
    }
}
