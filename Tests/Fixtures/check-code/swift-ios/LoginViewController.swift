import UIKit

class BaseViewController<Model>: UIViewController {
    @IBOutlet weak var baseOutlet: UITextField!
    @IBAction func baseAction(_ sender: Any) {}
}

final class LoginViewController: BaseViewController<Int> {
    @IBOutlet weak var nameField: UITextField!
    @IBOutlet var buttons: [UIButton]!
    #if DEBUG
    @IBOutlet weak var debugLabel: UITextField!
    #endif
    // Not visible to the Objective-C runtime: key-value coding cannot set it.
    var plainSwiftVar: UITextField?
    @IBOutlet weak var neverConnected: UILabel!

    @IBAction func save(_ sender: Any) {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Registered")
        let other = tableView.dequeueReusableCell(withIdentifier: Cell.reuseIdentifier)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Registered")
        performSegue(withIdentifier: "showDetail", sender: nil)
        performSegue(withIdentifier: "goneSegue", sender: nil)
        _ = storyboard?.instantiateViewController(withIdentifier: "Login")
        _ = UINib(nibName: String(describing: Cell.self), bundle: nil)
        _ = UIStoryboard(name: "Main", bundle: nil)
    }
    @IBAction func foo(sender: Any) {}
    @IBAction func done(with sender: Any) {}
    @objc(explicitName:) func somethingElse(_ x: Any) {}

    class Nested: UIView {
        @IBOutlet weak var nestedOutlet: UIView!
    }
}

extension LoginViewController {
    @IBOutlet weak var extensionOutlet: UITextField! { nil }
    @objc func fromExtension() {}
}

@objcMembers class AnywhereResponder: UIResponder {
    func anywhereAction(_ sender: Any?) {}
}

class BadgeView: UIView {}
