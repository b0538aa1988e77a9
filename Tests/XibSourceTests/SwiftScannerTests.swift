import Testing
import XibKit
import XibSource

/// What the Swift scanner must get right where a token scanner easily goes wrong: nested
/// comments, raw, multi-line and interpolated strings, regex literals, `class func`, bodies
/// (a local class counts, a method's locals do not), `extension [T]`, `@objc(name)`, an
/// `override` of an SDK method Swift renames (`prepare(for:sender:)` is `prepareForSegue:sender:`).
@Suite struct SwiftScannerTests {
    static let source = #####"""
    /* outer /* nested */ still a comment: @IBOutlet var commented: UIView! */
    @objc(RCLogin) final class Login: UIViewController {
        @IBOutlet weak var `default`: UILabel!
        @IBOutlet var a, b: UIView!
        var notObjC = 1
        class func make() {}
        var board = UIStoryboard(name: "Main", bundle: nil)
        let raw = #"a "quoted" \(not) interpolation"#
        let interpolated = "x\("y")z"
        let multi = """
            one \
            two
            """
        let regex = /"[a-z]+"/
        @IBAction func save(_ sender: Any) {
            let vc = storyboard?.instantiateViewController(withIdentifier: "Detail")
            @objc var local = 0
        }
        func done(with sender: Any) { class Local: NSObject { @objc func inner() {} } }
        override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
    }
    extension [Login] { @objc func fromExtension() {} }
    """#####

    @Test func readsWhatTheRuntimeSees() throws {
        let index = CodeIndexer.index(file: "Login.swift", text: Self.source)
        let login = try #require(index.classes["RCLogin"])
        #expect(login.superclass == "UIViewController")
        #expect(login.isDeclared && login.location.line == 2)
        #expect(login.keys == ["default", "Default", "a", "A", "b", "B"])
        #expect(Set(login.outlets.keys) == ["default", "a", "b"])
        #expect(login.outlets["b"].map { [$0.line, $0.column] } == [4, 22])
        #expect(login.selectors == ["save:", "prepareForSegue:sender:", "fromExtension"])
        #expect(index.classes["Local"]?.selectors == ["inner"])
        #expect(index.stringLiterals == ["Main", #"a "quoted" \(not) interpolation"#, "one two", "Detail"])
        #expect(index.identifierUses.map { "\($0.kind) \($0.value) \($0.location.line):\($0.location.column)" }.sorted()
                == ["storyboard Main 7:36", "storyboardID Detail 16:72"])
    }
}
