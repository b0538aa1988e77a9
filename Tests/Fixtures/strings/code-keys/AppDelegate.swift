// From Rectangle (github.com/rxhanson/Rectangle, 64a9186, Rectangle/AppDelegate.swift:336 and
// :521): the code reads two keys of the storyboard's table `Main`, one of an object since gone.
import Cocoa

class AppDelegate: NSObject, NSApplicationDelegate {
    func menuWillOpen(_ menu: NSMenu) {
        if let frontAppName = ApplicationToggle.frontAppName {
            let ignoreString = NSLocalizedString("D99-0O-MB6.title", tableName: "Main", value: "Ignore frontmost.app", comment: "")
            ignoreMenuItem.title = ignoreString.replacingOccurrences(of: "frontmost.app", with: frontAppName)
        }
        let todoAppItemTitle = NSLocalizedString("Use frontmost.app as Todo App", tableName: "Main", value: "", comment: "")
        let todoAppMenuItem = NSMenuItem(title: todoAppItemTitle, action: #selector(setTodoApp), keyEquivalent: "")
    }
}
